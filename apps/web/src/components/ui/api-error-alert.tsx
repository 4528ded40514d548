import type { ReactNode } from 'react';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { Alert } from './alert.tsx';

/** Error block (role=alert) for a failed call, with an optional way out. */
export function ApiErrorAlert({ error, children }: { error: unknown; children?: ReactNode }) {
  return (
    <Alert tone="error" className="my-4">
      <p className="font-semibold">{apiErrorMessage(error)}</p>
      {children ? <div className="mt-2">{children}</div> : null}
    </Alert>
  );
}
