import { dataFreezeSchema } from '@ecare/shared/usage-alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const dataFreezePath = (idContrat: number) => `/api/lignes/${idContrat}/blocage-data`;

export const dataFreezeQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: ['data-freeze', idContrat],
    queryFn: ({ signal }) => apiRequest(dataFreezePath(idContrat), { schema: dataFreezeSchema, signal }),
    staleTime: 30_000,
  });

/** GET /api/lignes/{idContrat}/blocage-data. */
export function useDataFreeze(idContrat: number) {
  return useQuery(dataFreezeQueryOptions(idContrat));
}
