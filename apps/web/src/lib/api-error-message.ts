import { FORBIDDEN_ACCOUNT_MESSAGE, FORBIDDEN_CONTRACT_MESSAGE, INTERNAL_MESSAGE } from '@ecare/shared/core-messages';
import { hasErrorCode, isApiError } from './api-error.ts';

/** Text to show for a failed call: the spec's wording for refused accounts and contracts. */
export function apiErrorMessage(error: unknown): string {
  if (!isApiError(error)) return INTERNAL_MESSAGE;
  if (hasErrorCode(error, 'FORBIDDEN_ACCOUNT')) return FORBIDDEN_ACCOUNT_MESSAGE;
  if (hasErrorCode(error, 'FORBIDDEN_CONTRACT')) return FORBIDDEN_CONTRACT_MESSAGE;
  return error.exceptionMessage;
}
