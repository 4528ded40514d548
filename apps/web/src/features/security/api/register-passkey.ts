import { passkeyCreatedSchema, type PasskeyCreated } from '@ecare/shared/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { createPasskey } from '../../../lib/webauthn.ts';
import { passkeysChanged } from './get-passkeys.ts';
import { fetchPasskeyRegistrationOptions } from './start-passkey-registration.ts';

/**
 * Adds a passkey: the options, the browser's passkey (the person confirms on their device), then
 * POST /api/securite/passkeys with its name. The user's first factor also answers the recovery codes.
 */
export async function registerPasskey(nom: string): Promise<PasskeyCreated> {
  const attestation = await createPasskey(fetchPasskeyRegistrationOptions);
  return apiRequest('/api/securite/passkeys', { method: 'POST', json: { nom, attestation }, schema: passkeyCreatedSchema });
}

export function useRegisterPasskey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: registerPasskey, onSuccess: () => passkeysChanged(client) });
}
