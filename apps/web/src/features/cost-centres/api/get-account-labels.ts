import { accountLabelsSchema } from '@ecare/shared/cost-centres';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { COST_CENTRES_KEY } from './get-cost-centres.ts';

export const accountLabelsQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...COST_CENTRES_KEY, 'labels', idClientBscs],
    queryFn: ({ signal }) => apiRequest(`/api/clients/${idClientBscs}/etiquettes`, { schema: accountLabelsSchema, signal }),
    staleTime: 60_000,
  });

/** GET /api/clients/{idClientBscs}/etiquettes: the labels the account's lines carry. */
export function useAccountLabels(idClientBscs: number | null) {
  return useQuery({ ...accountLabelsQueryOptions(idClientBscs ?? 0), enabled: idClientBscs !== null });
}
