import { apiKeyCreatedSchema, type ApiKeyCreated, type ApiKeyInput } from '@ecare/shared/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { API_KEYS_KEY, apiKeysPath } from './get-api-keys.ts';

/** POST …/cles-api: creates a key; its answer holds the whole key, this one time only. */
export function useCreateApiKey(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    // The answer holds a secret: dropped from memory as soon as nothing shows it.
    gcTime: 0,
    mutationFn: (key: ApiKeyInput): Promise<ApiKeyCreated> => apiRequest(apiKeysPath(idClientBscs), { method: 'POST', json: key, schema: apiKeyCreatedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
