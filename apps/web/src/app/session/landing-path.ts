import { PATHS, withReturnUrl } from '../../lib/routes.ts';
import type { SessionResolution } from './resolve-session.ts';

/**
 * Where a freshly signed-in user goes (spec §4): returnurl when given, else their home. An
 * administrator with no billing account to choose has the back office for home (decision 030).
 */
export function landingPath(resolution: SessionResolution, returnUrl: string | null): string {
  const { user } = resolution;
  if (resolution.kind === 'choose' && user.administration && !user.serviceClient) return returnUrl ?? PATHS.administration;
  switch (resolution.kind) {
    case 'user':
      return returnUrl ?? PATHS.userHome;
    case 'choose':
      return withReturnUrl(PATHS.accountChoice, returnUrl);
    case 'failed':
      return PATHS.serverError;
    case 'account':
    case 'forbidden':
      return returnUrl ?? PATHS.home;
  }
}

/**
 * The termination page of the contract named by the login URL's `resilie` parameter (spec §4),
 * where a signed-in manager lands when no returnurl says otherwise; null when it names none.
 */
export function resiliationPath(resilie: string | null): string | null {
  if (!resilie || !/^[1-9]\d{0,9}$/.test(resilie) || Number(resilie) > 2_147_483_647) return null;
  return `${PATHS.mobileLine}/${resilie}/${PATHS.terminationSegment}`;
}
