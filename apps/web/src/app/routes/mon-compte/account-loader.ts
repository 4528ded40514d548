import { redirect, type LoaderFunctionArgs } from 'react-router';
import { currentUserQueryOptions } from '../../../features/auth/api/get-current-user.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { PATHS } from '../../../lib/routes.ts';
import { peekSessionValid } from '../../../lib/session-storage.ts';
import { loginRedirect } from '../../guards.ts';
import { queryClient } from '../../query-client.ts';

/** Account area pages need a session and the current user (name and login e-mail). */
export async function accountAreaLoader({ request }: LoaderFunctionArgs): Promise<null> {
  if (!peekSessionValid()) throw redirect(loginRedirect(request));
  try {
    await queryClient.ensureQueryData(currentUserQueryOptions());
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirect(request));
    throw redirect(PATHS.serverError);
  }
  return null;
}
