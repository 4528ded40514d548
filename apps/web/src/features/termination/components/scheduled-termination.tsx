import { TERMINATION_STATUS_LABELS, type TerminationStatusAnswer } from '@ecare/shared/termination';
import { formatPhone } from '@ecare/shared/phone';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatFileSize } from '../../../lib/attachment-file.ts';
import { useCancelTermination } from '../api/cancel-termination.ts';
import { useSendConfirmation } from '../api/send-confirmation.ts';
import { formatCents, formatDay } from '../utils/termination-format.ts';
import { FeesTable } from './fees-table.tsx';

interface ScheduledTerminationProps {
  status: TerminationStatusAnswer;
  /** Just sent: says that the confirmation e-mail went out. */
  justSent?: boolean;
  onCancelled?: (status: TerminationStatusAnswer) => void;
}

/** A request sent: what was asked, the confirmation e-mail, and its cancellation before the effective date. */
export function ScheduledTermination({ status, justSent = false, onCancelled }: ScheduledTerminationProps) {
  const cancel = useCancelTermination();
  const resend = useSendConfirmation();
  const confirmation = useConfirmation();
  const [cancelError, setCancelError] = useState<unknown>(null);
  const number = formatPhone(status.numeroLigne);

  return (
    <div className="space-y-6">
      {justSent ? (
        <Alert tone="success" title="Votre demande de résiliation est enregistrée">
          <p>
            La ligne {number} sera résiliée le {formatDay(status.dateEffet)}. Un e-mail de confirmation, avec le récapitulatif au format PDF, vous a
            été envoyé.
          </p>
        </Alert>
      ) : null}
      <section aria-labelledby="demande-titre" className="card space-y-3">
        <h2 id="demande-titre" className="text-xl font-bold text-primary-strong">
          {TERMINATION_STATUS_LABELS[status.statut]} le {formatDay(status.dateEffet)}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Demande</dt>
          <dd>n° {status.idResiliation}</dd>
          <dt className="font-semibold">Motif</dt>
          <dd>{status.sousMotif ? `${status.motif} – ${status.sousMotif}` : status.motif}</dd>
          <dt className="font-semibold">Frais (TTC)</dt>
          <dd>{formatCents(status.frais.totalTtcCentimes)}</dd>
          <dt className="font-semibold">Justificatifs</dt>
          <dd>{status.piecesJointes.length === 0 ? 'Aucun' : status.piecesJointes.map((p) => `${p.nom} (${formatFileSize(p.taille)})`).join(', ')}</dd>
        </dl>
        <FeesTable fees={status.frais} caption="Détail des frais de résiliation anticipée" />
      </section>

      {status.statut === 'PROGRAMMEE' && status.annulable ? (
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-secondary"
            disabled={resend.isPending}
            onClick={() => resend.mutate(status.idResiliation)}
          >
            {resend.isPending ? <Spinner small /> : null}
            Recevoir à nouveau le récapitulatif
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={async () => {
              setCancelError(null);
              if (!(await confirmation.ask())) return;
              try {
                const cancelled = await cancel.mutateAsync(status.idResiliation);
                onCancelled?.(cancelled);
              } catch (error) {
                setCancelError(error);
              } finally {
                confirmation.close();
              }
            }}
          >
            Annuler la résiliation
          </button>
        </div>
      ) : null}
      {resend.data ? <Alert tone="success">Le récapitulatif a été envoyé à {resend.data.email}.</Alert> : null}
      {resend.error ? <ApiErrorAlert error={resend.error} /> : null}
      {cancelError ? <ApiErrorAlert error={cancelError} /> : null}
      <ConfirmDialog confirmation={confirmation} title="Annuler la résiliation" confirmLabel="Oui, annuler la résiliation" isPending={cancel.isPending}>
        <p>
          La ligne {number} restera active, avec son forfait et ses options, et aucun frais de résiliation ne sera facturé. Un e-mail vous confirmera
          l’annulation.
        </p>
        <p>Souhaitez-vous annuler la résiliation prévue le {formatDay(status.dateEffet)}&nbsp;?</p>
      </ConfirmDialog>
    </div>
  );
}
