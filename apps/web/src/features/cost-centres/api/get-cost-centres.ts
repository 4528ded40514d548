import { costCentreListSchema, type CostCentreList } from '@ecare/shared/cost-centres';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const COST_CENTRES_KEY = ['cost-centres'] as const;
export const costCentresPath = (idClientBscs: number) => `/api/clients/${idClientBscs}/centres-de-cout`;

export const costCentresQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...COST_CENTRES_KEY, 'tree', idClientBscs],
    queryFn: ({ signal }): Promise<CostCentreList> => apiRequest(costCentresPath(idClientBscs), { schema: costCentreListSchema, signal }),
    staleTime: 60_000,
  });

/** GET /api/clients/{idClientBscs}/centres-de-cout: the account's tree in reading order, with its lines. */
export function useCostCentres(idClientBscs: number | null) {
  return useQuery({ ...costCentresQueryOptions(idClientBscs ?? 0), enabled: idClientBscs !== null });
}
