import { terminationReasonListSchema, type TerminationReason } from '@ecare/shared/termination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { proReasonsQueryOptions } from './get-pro-reasons.ts';

/** GET /api/resiliation/motifs: the general reasons. */
export function fetchReasons(signal?: AbortSignal): Promise<TerminationReason[]> {
  return apiRequest('/api/resiliation/motifs', { schema: terminationReasonListSchema, signal });
}

export const reasonsQueryOptions = () =>
  queryOptions({ queryKey: ['termination', 'reasons'], queryFn: ({ signal }) => fetchReasons(signal), staleTime: 5 * 60_000 });

/** Business reasons first (the customer is a business), then the general ones. */
export function useReasons(idContrat: number) {
  const general = useQuery(reasonsQueryOptions());
  const pro = useQuery(proReasonsQueryOptions(idContrat));
  return {
    data: general.data && pro.data ? [...pro.data, ...general.data] : undefined,
    error: general.error ?? pro.error,
    isPending: general.isPending || pro.isPending,
    refetch: () => Promise.all([general.refetch(), pro.refetch()]),
    isFetching: general.isFetching || pro.isFetching,
  };
}
