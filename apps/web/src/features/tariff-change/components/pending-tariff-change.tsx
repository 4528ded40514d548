import { TARIFF_CHANGE_ACTION_LABELS, TARIFF_CHANGE_STATUS_LABELS, type TariffChangeAnswer } from '@ecare/shared/tariff-change';
import { planPhrase } from '@ecare/shared/offers';
import { formatPhone } from '@ecare/shared/phone';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { formatCents, formatDay } from '../utils/tariff-change-format.ts';
import { useCancelTariffChange } from '../api/cancel-tariff-change.ts';

interface PendingTariffChangeProps {
  change: TariffChangeAnswer;
  /** Just recorded: says that the confirmation e-mail went out. */
  justRecorded: boolean;
  onCancelled: (change: TariffChangeAnswer) => void;
}

/** The change scheduled on the line: what, when, its recap, and its cancellation before the effective date (with confirmation). */
export function PendingTariffChange({ change, justRecorded, onCancelled }: PendingTariffChangeProps) {
  const cancel = useCancelTariffChange();
  const confirmation = useConfirmation();
  const [error, setError] = useState<unknown>(null);
  const number = formatPhone(change.numeroLigne);

  return (
    <div className="space-y-6">
      {justRecorded ? (
        <Alert tone="success" title="Votre changement de forfait est enregistré">
          <p>
            La ligne {number} passera au {planPhrase(change.offreCible.libelle)} le {formatDay(change.dateEffet)}. Un e-mail de confirmation, avec le
            récapitulatif au format PDF, vous a été envoyé.
          </p>
        </Alert>
      ) : null}
      <section aria-labelledby="changement-titre" className="card space-y-3">
        <h2 id="changement-titre" className="text-xl font-bold text-primary-strong">
          {TARIFF_CHANGE_STATUS_LABELS[change.statut]} le {formatDay(change.dateEffet)}
        </h2>
        <p>Un seul changement de forfait à la fois : pour en demander un autre, annulez d’abord celui-ci.</p>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Demande</dt>
          <dd>n° {change.idChangement}</dd>
          <dt className="font-semibold">Forfait actuel</dt>
          <dd>{change.offreActuelle.libelle}</dd>
          <dt className="font-semibold">Nouveau forfait</dt>
          <dd>
            {change.offreCible.libelle} – {formatCents(change.offreCible.prixMensuelHtCentimes)} HT par mois
          </dd>
          <dt className="font-semibold">Droit DR14</dt>
          <dd>{TARIFF_CHANGE_ACTION_LABELS[change.action].titre}</dd>
          <dt className="font-semibold">Fin d’engagement ensuite</dt>
          <dd>{change.dateFinEngagementApres ? formatDay(change.dateFinEngagementApres) : 'Sans engagement'}</dd>
        </dl>
        <DownloadButton
          path={`/api/chgmttarif/recapitulatif/${change.idChangement}`}
          label="Télécharger le récapitulatif (PDF)"
          fallbackName={`changement-forfait-${change.idChangement}.pdf`}
        />
      </section>
      {change.annulable ? (
        <button
          type="button"
          className="btn-secondary"
          onClick={async () => {
            setError(null);
            if (!(await confirmation.ask())) return;
            try {
              onCancelled(await cancel.mutateAsync(change.idChangement));
            } catch (caught) {
              setError(caught);
            } finally {
              confirmation.close();
            }
          }}
        >
          Annuler le changement de forfait
        </button>
      ) : null}
      {error ? <ApiErrorAlert error={error} /> : null}
      <ConfirmDialog confirmation={confirmation} title="Annuler le changement de forfait" confirmLabel="Oui, annuler le changement" isPending={cancel.isPending}>
        <p>La ligne {number} gardera son {planPhrase(change.offreActuelle.libelle)} et son engagement. Un e-mail vous confirmera l’annulation.</p>
        <p>Souhaitez-vous annuler le changement prévu le {formatDay(change.dateEffet)}&nbsp;?</p>
      </ConfirmDialog>
    </div>
  );
}
