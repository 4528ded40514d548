import { type ResetRequest } from '@ecare/shared/password';
import { okResponseSchema } from '@ecare/shared/errors';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/clients/reset_password: e-mails a link to create a code (same answer for unknown addresses). */
export function requestReset(request: ResetRequest): Promise<{ ok: true }> {
  return apiRequest('/api/clients/reset_password', { method: 'POST', json: request, schema: okResponseSchema });
}
