import { ERROR_CODES, ERROR_MESSAGES } from '@ecare/shared/errors';
import { isApiError } from './api-error.ts';

/** Text to show for a failed call: the spec's wording for refused accounts and contracts. */
export function apiErrorMessage(error: unknown): string {
  if (!isApiError(error)) return ERROR_MESSAGES.internal;
  if (error.code === ERROR_CODES.forbiddenAccount) return ERROR_MESSAGES.forbiddenAccount;
  if (error.code === ERROR_CODES.forbiddenContract) return ERROR_MESSAGES.forbiddenContract;
  return error.exceptionMessage;
}
