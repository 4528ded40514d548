import { tariffTargetsSchema, type TariffTargets } from '@ecare/shared/tariff-change';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tariffChangeKey } from './tariff-change-cache.ts';

/** GET /api/chgmttarif/offres/{idContrat}: the current plan and the plans the line may move to. */
export function fetchTariffTargets(idContrat: number, signal?: AbortSignal): Promise<TariffTargets> {
  return apiRequest(`/api/chgmttarif/offres/${idContrat}`, { schema: tariffTargetsSchema, signal });
}

export const targetsQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: tariffChangeKey('targets', idContrat),
    queryFn: ({ signal }) => fetchTariffTargets(idContrat, signal),
    staleTime: 60_000,
  });

export const useTariffTargets = (idContrat: number, enabled = true) => useQuery({ ...targetsQueryOptions(idContrat), enabled });
