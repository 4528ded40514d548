import { CORE_ERRORS } from '@ecare/shared/errors-core';
import { hasErrorCode, isApiError } from './api-error.ts';

/** Text to show for a failed call: the spec's wording for refused accounts and contracts. */
export function apiErrorMessage(error: unknown): string {
  if (!isApiError(error)) return CORE_ERRORS.INTERNAL.message;
  if (hasErrorCode(error, 'FORBIDDEN_ACCOUNT')) return CORE_ERRORS.FORBIDDEN_ACCOUNT.message;
  if (hasErrorCode(error, 'FORBIDDEN_CONTRACT')) return CORE_ERRORS.FORBIDDEN_CONTRACT.message;
  return error.exceptionMessage;
}
