import { RefreshCw } from 'lucide-react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';

/**
 * « Générer de nouveaux codes de secours », after a confirmation (the old codes stop working):
 * the new codes go to `onCodes`, which shows them once (RecoveryCodes).
 */
export function RecoveryCodesRegeneration({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const confirmation = useConfirmation();

  const ask = async () => {
    if (regenerate.isPending || confirmation.isOpen) return;
    regenerate.reset();
    if (!(await confirmation.ask())) return;
    try {
      onCodes((await regenerate.mutateAsync()).codesDeSecours);
    } catch {
      // Said under the button (regenerate.error).
    } finally {
      confirmation.close();
    }
  };

  return (
    <div className="space-y-3">
      <h3 className="text-lg font-bold">Codes de secours</h3>
      <p>Codes perdus, presque tous utilisés, ou vus par quelqu’un d’autre&nbsp;? Générez-en de nouveaux&nbsp;: les anciens ne fonctionneront plus.</p>
      <button type="button" className="btn-secondary" disabled={regenerate.isPending} onClick={() => void ask()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Générer de nouveaux codes de secours
      </button>
      {regenerate.error ? <ApiErrorAlert error={regenerate.error} /> : null}
      <ConfirmDialog
        confirmation={confirmation}
        title={'Générer de nouveaux codes de secours\u00a0?'}
        confirmLabel="Générer de nouveaux codes"
        isPending={regenerate.isPending}
      >
        <p>Vos codes de secours actuels, utilisés ou non, cesseront immédiatement de fonctionner. Les nouveaux ne seront affichés qu’une fois.</p>
      </ConfirmDialog>
    </div>
  );
}
