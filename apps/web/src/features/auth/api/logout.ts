import { okResponseSchema } from '@ecare/shared/errors';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/sessions/SessionData/Logout: revokes the server session. */
export function logout(): Promise<{ ok: true }> {
  return apiRequest('/api/sessions/SessionData/Logout', { method: 'POST', schema: okResponseSchema });
}
