import { PATHS, withReturnUrl } from '../../lib/routes.ts';
import type { SessionResolution } from './resolve-session.ts';

/** Where a freshly signed-in user goes (spec §4): returnurl when given, else their home. */
export function landingPath(resolution: SessionResolution, returnUrl: string | null): string {
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
