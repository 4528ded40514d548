import type { ReactNode } from 'react';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { Spinner } from './spinner.tsx';

/** A part of the page still on its way, said in words (the ring is decorative). */
export function WaitingText({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-3 text-muted">
      <Spinner />
      {children}
    </p>
  );
}

/** Asks again after a failed read; disabled, with a spinner, while the new read runs. */
export function RetryButton({ onRetry, pending }: { onRetry: () => void; pending: boolean }) {
  return (
    <button type="button" className="btn-secondary" onClick={onRetry} disabled={pending}>
      {pending ? <Spinner small /> : null}
      Réessayer
    </button>
  );
}

/** A failed read, said, with a way to ask again. */
export function ReadFailed({ error, onRetry, pending }: { error: unknown; onRetry: () => void; pending: boolean }) {
  return (
    <ApiErrorAlert error={error}>
      <RetryButton onRetry={onRetry} pending={pending} />
    </ApiErrorAlert>
  );
}
