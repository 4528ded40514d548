import { apiKeysAnswerSchema } from '@ecare/shared/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const apiKeysPath = (idClientBscs: number) => `/api/clients/${idClientBscs}/cles-api`;
export const API_KEYS_KEY = ['api-keys'] as const;

export const apiKeysQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...API_KEYS_KEY, idClientBscs],
    queryFn: ({ signal }) => apiRequest(apiKeysPath(idClientBscs), { schema: apiKeysAnswerSchema, signal }),
    staleTime: 30_000,
  });

/** GET /api/clients/{idClientBscs}/cles-api: the account's keys, active, expired and revoked. */
export function useApiKeys(idClientBscs: number) {
  return useQuery(apiKeysQueryOptions(idClientBscs));
}
