import { passkeyRegistrationOptionsSchema, type PasskeyRegistrationOptions } from '@ecare/shared/security';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/securite/passkeys/options: what the browser needs to create a passkey (valid 5 minutes, once). */
export function fetchPasskeyRegistrationOptions(): Promise<PasskeyRegistrationOptions> {
  return apiRequest('/api/securite/passkeys/options', { method: 'POST', schema: passkeyRegistrationOptionsSchema });
}
