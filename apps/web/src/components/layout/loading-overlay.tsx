import { Spinner } from '../ui/spinner.tsx';

/**
 * Global overlay of spec §9 ('Chargement en cours...'). The live region stays in the page so
 * screen readers announce the text when it appears.
 */
export function LoadingOverlay({ active }: { active: boolean }) {
  return (
    <div role="status" aria-live="polite">
      {active ? (
        <div className="fixed inset-0 z-40 flex items-center justify-center bg-overlay print:hidden">
          <div className="flex items-center gap-3 rounded-lg bg-surface px-6 py-4 shadow-lg">
            <Spinner />
            <span className="font-semibold">Chargement en cours...</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
