import type { BillingAccount } from '@ecare/shared/accounts';
import { redirect } from 'react-router';
import { isApiError } from '../../lib/api-error.ts';
import { PATHS, withReturnUrl } from '../../lib/routes.ts';
import { peekSessionValid } from '../../lib/session-storage.ts';
import { loginRedirect } from '../guards.ts';
import { queryClient } from '../query-client.ts';
import { resolveSession, type SessionResolution } from './resolve-session.ts';

/**
 * Session for a protected page loader. Loaders of nested routes run in parallel, so each one
 * checks the session itself before calling the API.
 */
export async function loadSession(request: Request): Promise<SessionResolution> {
  if (!peekSessionValid()) throw redirect(loginRedirect(request));
  try {
    return await resolveSession(queryClient);
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirect(request));
    throw redirect(PATHS.serverError);
  }
}

/**
 * Session for a page about the chosen billing account (`here` is its path): a line user goes to
 * their own home, a user still to choose goes to the account choice and back. Returns the
 * account, or null when the stored account is refused (the page shows why).
 */
export async function loadAccountPage(request: Request, here: string): Promise<BillingAccount | null> {
  const session = await loadSession(request);
  switch (session.kind) {
    case 'user':
      throw redirect(PATHS.userHome);
    case 'choose':
      throw redirect(withReturnUrl(PATHS.accountChoice, here));
    case 'failed':
      throw redirect(PATHS.serverError);
    case 'account':
      return session.account;
    case 'forbidden':
      return null;
  }
}
