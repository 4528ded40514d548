import type { LineDetail } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRestoreLine } from '../api/restore-line.ts';
import { ActionCard } from './action-card.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';

interface RestoreLineActionProps {
  line: LineDetail;
  onRestored: (line: LineDetail) => void;
}

/** Lifts the suspension that followed a loss or theft declaration, after a confirmation. */
export function RestoreLineAction({ line, onRestored }: RestoreLineActionProps) {
  const restore = useRestoreLine();
  const confirmation = useConfirmation();
  const busy = restore.isPending || confirmation.isOpen;

  const start = async () => {
    if (busy) return;
    restore.reset();
    if (!(await confirmation.ask())) return;
    try {
      onRestored(await restore.mutateAsync({ idContrat: line.idContrat, idClientBscs: line.idClientBscs }));
    } catch {
      // Shown under the button (restore.error).
    } finally {
      confirmation.close();
    }
  };

  return (
    <ActionCard title="Rétablir la ligne">
      <p>
        La ligne est suspendue à la suite d’une déclaration de perte ou de vol. Rétablissez-la lorsque le téléphone est retrouvé ou
        qu’une nouvelle carte SIM est activée.
      </p>
      <button type="button" className="btn-primary" aria-disabled={restore.isPending || undefined} onClick={() => void start()}>
        {restore.isPending ? <Spinner small /> : null}
        Rétablir la ligne
      </button>
      {restore.error ? <ApiErrorAlert error={restore.error} /> : null}
      <ConfirmDialog
        confirmation={confirmation}
        title={`Rétablir la ligne ${formatPhone(line.numeroLigne)}\u00a0?`}
        confirmLabel="Confirmer le rétablissement"
        isPending={restore.isPending}
      >
        <p>Les appels, SMS et la connexion Internet fonctionneront de nouveau avec la carte SIM actuelle de la ligne.</p>
      </ConfirmDialog>
    </ActionCard>
  );
}
