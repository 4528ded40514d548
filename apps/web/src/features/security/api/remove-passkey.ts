import { okResponseSchema } from '@ecare/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { passkeysChanged } from './get-passkeys.ts';

/** DELETE /api/securite/passkeys/{id}: the passkey no longer signs in (the last factor takes the recovery codes with it). */
export async function removePasskey(id: string): Promise<void> {
  await apiRequest(`/api/securite/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okResponseSchema });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSettled: () => passkeysChanged(client) });
}
