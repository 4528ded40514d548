import { API_ERRORS, ERROR_CODES } from '@ecare/shared/errors';
import { isApiError } from './api-error.ts';

/** Text to show for a failed call: the spec's wording for refused accounts and contracts. */
export function apiErrorMessage(error: unknown): string {
  if (!isApiError(error)) return API_ERRORS.INTERNAL.message;
  if (error.code === ERROR_CODES.FORBIDDEN_ACCOUNT) return API_ERRORS.FORBIDDEN_ACCOUNT.message;
  if (error.code === ERROR_CODES.FORBIDDEN_CONTRACT) return API_ERRORS.FORBIDDEN_CONTRACT.message;
  return error.exceptionMessage;
}
