import { redirect, type LoaderFunctionArgs } from 'react-router';
import { inAppPathOf, PATHS, withReturnUrl } from '../lib/routes.ts';
import { isSessionValid } from '../lib/session-storage.ts';

/** Login URL that brings the user back to the requested page. */
export function loginRedirect(request: Request): string {
  return withReturnUrl(PATHS.login, inAppPathOf(request.url));
}

/** Protected pages: without a valid session, go to the login page with a returnurl. */
export function requireSession({ request }: LoaderFunctionArgs): null {
  if (!isSessionValid()) throw redirect(loginRedirect(request));
  return null;
}

/** The login page sends already authenticated users home (spec §2). */
export function redirectAuthenticated(): null {
  if (isSessionValid()) throw redirect(PATHS.home);
  return null;
}
