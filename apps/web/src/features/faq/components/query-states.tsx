import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** A part of the page still on its way, said in words (the ring is decorative). */
export function WaitingText({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-3 text-muted">
      <Spinner />
      {children}
    </p>
  );
}

/** A failed read, with a way to ask again (disabled, with a spinner, while the new read runs). */
export function ReadFailed({ error, onRetry, pending }: { error: unknown; onRetry: () => void; pending: boolean }) {
  return (
    <ApiErrorAlert error={error}>
      <button type="button" className="btn-secondary" onClick={onRetry} disabled={pending}>
        {pending ? <Spinner small /> : null}
        Réessayer
      </button>
    </ApiErrorAlert>
  );
}
