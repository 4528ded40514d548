import { okResponseSchema } from '@ecare/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { API_KEYS_KEY, apiKeysPath } from './get-api-keys.ts';

/** DELETE …/cles-api/{idCle}: the key stops working at once; it stays listed as revoked. */
export function useRevokeApiKey(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idCle: string) => apiRequest(`${apiKeysPath(idClientBscs)}/${idCle}`, { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
