import type { TotpCodeRequest } from '@ecare/shared/security';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';

type CodeValues = { code: string };

/** The six digits an authenticator app shows now. */
export function TotpCodeField({ label = 'Code à 6 chiffres', help }: { label?: string; help?: string }) {
  return (
    <TextField<CodeValues>
      name="code"
      label={label}
      help={help ?? 'Le code affiché en ce moment par votre application d’authentification.'}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      inputClassName="max-w-48"
    />
  );
}

/**
 * Sends a code; a refused code (400: the only thing such a request can get wrong once the form
 * has checked it) goes under the field, any other refusal to the form's alert.
 */
export async function sendCode<T>(
  form: UseFormReturn<CodeValues, unknown, TotpCodeRequest>,
  send: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await send();
  } catch (error) {
    if (!isApiError(error) || error.status !== 400) throw error;
    form.setError('code', { type: 'server', message: error.exceptionMessage });
    return undefined;
  }
}
