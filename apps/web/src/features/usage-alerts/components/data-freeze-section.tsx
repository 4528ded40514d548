import { alertSentence, DATA_FREEZE_SCOPE, type DataFreeze } from '@ecare/shared/usage-alerts';
import { calendarDayFormat, parisDateTimeFormat } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useChangeDataFreeze } from '../api/change-data-freeze.ts';
import { useDataFreeze } from '../api/get-data-freeze.ts';
import { useThresholds } from '../api/get-thresholds.ts';
import { ThresholdsForm } from './thresholds-form.tsx';

const dateTime = parisDateTimeFormat({ dateStyle: 'long', timeStyle: 'short' });
const longDay = calendarDayFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/** What the line page says of a freeze: since when, why, until when. */
export function freezeText(freeze: DataFreeze): string {
  if (!freeze.bloquee || !freeze.depuis) return 'Les données mobiles de la ligne fonctionnent.';
  const cause = freeze.alerte ? `à la suite d’une alerte : ${alertSentence(freeze.alerte)}` : 'à la demande d’un gestionnaire du compte.';
  const end = freeze.finPrevue ? ` Elles seront rétablies le ${longDay.format(new Date(freeze.finPrevue))} au plus tard.` : '';
  return `Les données mobiles sont suspendues depuis le ${dateTime.format(new Date(freeze.depuis))}, ${cause}${end}`;
}

interface DataFreezeSectionProps {
  idContrat: number;
  numeroLigne: string;
  active: boolean;
  /** The account's managers may freeze, lift and set the line's thresholds; its user reads. */
  manager: boolean;
}

/** The line page's "Suspension des données et seuils d’alerte": the freeze and its cause, the buttons, the line's thresholds. */
export function DataFreezeSection({ idContrat, numeroLigne, active, manager }: DataFreezeSectionProps) {
  const freeze = useDataFreeze(idContrat);
  const change = useChangeDataFreeze(idContrat);
  const confirmation = useConfirmation();
  const [error, setError] = useState<unknown>(null);
  const thresholds = useThresholds({ kind: 'line', idContrat });
  const number = formatPhone(numeroLigne);
  const frozen = freeze.data?.bloquee === true;

  async function toggle() {
    setError(null);
    if (!(await confirmation.ask())) return;
    try {
      await change.mutateAsync(!frozen);
    } catch (failure) {
      setError(failure);
    } finally {
      confirmation.close();
    }
  }

  return (
    <section aria-labelledby="blocage-data" className="card mt-6 space-y-4">
      <h2 id="blocage-data" className="text-xl font-bold text-primary-strong">
        Suspension des données et seuils d’alerte
      </h2>
      {freeze.isPending ? <WaitingText>Lecture de l’état des données mobiles…</WaitingText> : null}
      {freeze.isError ? <ReadFailed error={freeze.error} onRetry={() => void freeze.refetch()} pending={freeze.isFetching} /> : null}
      {freeze.data ? (
        frozen ? (
          <Alert tone="error" live={false} title="Données mobiles suspendues">
            <p>{freezeText(freeze.data)}</p>
            <p>{DATA_FREEZE_SCOPE}</p>
          </Alert>
        ) : (
          <p>{freezeText(freeze.data)}</p>
        )
      ) : null}
      {error ? <ApiErrorAlert error={error} /> : null}
      {manager && freeze.data && (frozen || active) ? (
        <button type="button" className={frozen ? 'btn-primary' : 'btn-secondary'} onClick={() => void toggle()}>
          {frozen ? 'Rétablir les données' : 'Suspendre les données'}
        </button>
      ) : null}
      <ConfirmDialog
        confirmation={confirmation}
        title={frozen ? 'Rétablir les données de la ligne ?' : 'Suspendre les données de la ligne ?'}
        confirmLabel={frozen ? 'Oui, rétablir les données' : 'Oui, suspendre les données'}
        isPending={change.isPending}
      >
        {frozen ? (
          <p>Les données mobiles de la ligne {number} fonctionneront de nouveau dans quelques instants. Les gestionnaires du compte en seront prévenus par e-mail.</p>
        ) : (
          <p>
            Les données mobiles de la ligne {number} seront suspendues jusqu’à ce qu’un gestionnaire les rétablisse, ou au plus tard jusqu’au début de la prochaine période de
            facturation. {DATA_FREEZE_SCOPE} Les gestionnaires du compte en seront prévenus par e-mail.
          </p>
        )}
      </ConfirmDialog>
      {manager ? (
        <div className="border-t border-line-soft pt-4">
          <h3 className="mb-3 text-lg font-bold">Seuils d’alerte de la ligne</h3>
          {thresholds.isPending ? <WaitingText>Lecture des seuils…</WaitingText> : null}
          {thresholds.isError ? <ReadFailed error={thresholds.error} onRetry={() => void thresholds.refetch()} pending={thresholds.isFetching} /> : null}
          {thresholds.data ? <ThresholdsForm owner={{ kind: 'line', idContrat }} thresholds={thresholds.data} /> : null}
        </div>
      ) : null}
    </section>
  );
}
