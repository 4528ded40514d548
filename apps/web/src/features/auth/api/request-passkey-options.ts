import { passkeyAuthenticationOptionsSchema, type PasskeyAuthenticationOptions } from '@ecare/shared/security';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/token/passkey/options: what the browser needs to sign with a passkey (decision 056).
 * With the first step's `mfa_token`: that user's passkeys, as the second step; without: a sign-in
 * with a passkey alone.
 */
export function requestPasskeyOptions(mfaToken?: string): Promise<PasskeyAuthenticationOptions> {
  return apiRequest('/api/token/passkey/options', {
    method: 'POST',
    form: mfaToken ? { mfa_token: mfaToken } : {},
    schema: passkeyAuthenticationOptionsSchema,
  });
}
