import { ESIM_LINK_ERROR_CODES } from '@ecare/shared/esim';
import { hasErrorCode, isApiError } from '../../../lib/api-error.ts';
import { PATHS } from '../../../lib/routes.ts';

/** The signed-in eSIM page of a line. */
export function lineEsimPath(idContrat: number): string {
  return `${PATHS.mobileLine}/${idContrat}/esim`;
}

/**
 * Whether the link's answer says it leads nowhere (spec §4: the page then shows /404): a link
 * refused with its messageErreur (invalid, tampered with, expired), or one too malformed to be
 * read at all.
 */
export function isDeadEsimLink(error: unknown): boolean {
  return hasErrorCode(error, ...ESIM_LINK_ERROR_CODES) || (isApiError(error) && error.status === 400);
}
