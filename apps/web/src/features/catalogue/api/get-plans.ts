import { planListSchema, type CataloguePlan } from '@ecare/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogueKey } from './catalogue-cache.ts';

/** `GET /api/forfaits/{idClientBscs}/1`: the mobile plans sold. */
export function fetchPlans(idClientBscs: number, signal?: AbortSignal): Promise<CataloguePlan[]> {
  return apiRequest(`/api/forfaits/${idClientBscs}/1`, { schema: planListSchema, signal });
}

export const plansQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...catalogueKey, 'forfaits', idClientBscs],
    queryFn: ({ signal }) => fetchPlans(idClientBscs, signal),
    staleTime: 5 * 60_000,
  });

export const usePlans = (idClientBscs: number) => useQuery(plansQueryOptions(idClientBscs));
