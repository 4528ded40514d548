import { createContext, useContext } from 'react';
import { Alert } from '../alert.tsx';

/** The message of the last refused submit that belongs to no field; null when there is none. */
export const FormAlertContext = createContext<string | null>(null);

/**
 * The form's error that belongs to no field (a refused call, see applyApiError), announced at
 * once. Place it where the reader expects it, usually just above the buttons.
 */
export function FormAlert({ className }: { className?: string }) {
  const message = useContext(FormAlertContext);
  if (!message) return null;
  return (
    <Alert tone="error" className={className}>
      <p className="font-semibold">{message}</p>
    </Alert>
  );
}
