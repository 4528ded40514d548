import { tariffChangeBlockSchema, type TariffChangeBlockAnswer } from '@ecare/shared/tariff-change';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tariffChangeKey } from './tariff-change-cache.ts';

/** GET /api/chgmttarif/blocage/{idContrat}: what stops a change now (unpaid balance first), and whether it may apply today. */
export function fetchTariffBlock(idContrat: number, signal?: AbortSignal): Promise<TariffChangeBlockAnswer> {
  return apiRequest(`/api/chgmttarif/blocage/${idContrat}`, { schema: tariffChangeBlockSchema, signal });
}

export const blockQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: tariffChangeKey('block', idContrat),
    queryFn: ({ signal }) => fetchTariffBlock(idContrat, signal),
    staleTime: 30_000,
  });

export const useTariffBlock = (idContrat: number) => useQuery(blockQueryOptions(idContrat));
