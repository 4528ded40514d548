import { passkeySchema, type Passkey } from '@ecare/shared/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { passkeysChanged } from './get-passkeys.ts';

/** PATCH /api/securite/passkeys/{id}: a new name for one of the user's passkeys. */
export function renamePasskey({ id, nom }: { id: string; nom: string }): Promise<Passkey> {
  return apiRequest(`/api/securite/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', json: { nom }, schema: passkeySchema });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: renamePasskey, onSuccess: () => passkeysChanged(client) });
}
