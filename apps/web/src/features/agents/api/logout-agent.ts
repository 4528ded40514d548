import { okResponseSchema } from '@ecare/shared/errors';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/service-client/deconnexion. */
export async function logoutAgent(token: string): Promise<void> {
  await apiRequest('/api/service-client/deconnexion', { method: 'POST', schema: okResponseSchema, bearer: token });
}
