import { tokenResponseSchema, type TokenResponse } from '@ecare/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/token with `grant_type=passkey` (form-urlencoded): a passkey with user verification signs in by itself (decision 056). */
export function requestPasskeyToken(assertion: string): Promise<TokenResponse> {
  return apiRequest('/api/token', { method: 'POST', form: { grant_type: 'passkey', assertion }, schema: tokenResponseSchema });
}
