import { tariffChangeInProgressSchema, type TariffChangeInProgress } from '@ecare/shared/tariff-change';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tariffChangeKey } from './tariff-change-cache.ts';

/** GET /api/chgmttarif/en-cours/{idContrat}: the pending change, if any. */
export function fetchTariffInProgress(idContrat: number, signal?: AbortSignal): Promise<TariffChangeInProgress> {
  return apiRequest(`/api/chgmttarif/en-cours/${idContrat}`, { schema: tariffChangeInProgressSchema, signal });
}

export const inProgressQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: tariffChangeKey('in-progress', idContrat),
    queryFn: ({ signal }) => fetchTariffInProgress(idContrat, signal),
    staleTime: 30_000,
  });

export const useTariffInProgress = (idContrat: number) => useQuery(inProgressQueryOptions(idContrat));
