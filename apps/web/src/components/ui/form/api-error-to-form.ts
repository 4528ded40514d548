import type { ApiErrorCode } from '@ecare/shared/errors';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { isApiError } from '../../../lib/api-error.ts';

/** Which field a refused call is about, by error code of the shared catalogue. */
export type ApiErrorFields<T extends FieldValues> = Partial<Record<ApiErrorCode, FieldPath<T>>>;

/** A refusal the form shows as is in its alert (a flow that answers with a message, not an ApiError). */
export class FormAlertError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormAlertError';
  }
}

/**
 * Puts a failed call's message under the field its code is about (`fields`), and returns null;
 * for any other error returns the message for the form's alert (see <FormAlert>).
 */
export function applyApiError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: ApiErrorFields<T> = {},
): string | null {
  if (error instanceof FormAlertError) return error.message;
  const message = apiErrorMessage(error);
  const field = isApiError(error) ? fields[error.code as ApiErrorCode] : undefined;
  if (!field) return message;
  setError(field, { type: 'server', message });
  return null;
}
