import { redirect } from 'react-router';
import { isApiError } from '../../lib/api-error.ts';
import { PATHS } from '../../lib/routes.ts';
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
