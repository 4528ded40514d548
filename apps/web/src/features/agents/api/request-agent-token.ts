import { tokenResponseSchema, type TokenResponse } from '@ecare/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/token with the composite identifier (spec §4, §9) and the reason. */
export function requestAgentToken(username: string, password: string, motif: string): Promise<TokenResponse> {
  return apiRequest('/api/token', {
    method: 'POST',
    form: { username, password, grant_type: 'password', captcha: '', ip: '', motif },
    schema: tokenResponseSchema,
  });
}
