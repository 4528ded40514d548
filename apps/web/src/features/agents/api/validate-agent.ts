import { validateScResponseSchema, type ValidateScResponse } from '@ecare/shared/agents';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/validate_sc: the agent's identifier and hashed code. */
export function validateAgent(username: string, password: string): Promise<ValidateScResponse> {
  return apiRequest('/api/validate_sc', { method: 'POST', json: { username, password }, schema: validateScResponseSchema });
}
