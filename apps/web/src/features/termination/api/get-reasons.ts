import { terminationReasonListSchema, type TerminationReason } from '@ecare/shared/termination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/resiliation/motifs: the general reasons. */
export function fetchReasons(signal?: AbortSignal): Promise<TerminationReason[]> {
  return apiRequest('/api/resiliation/motifs', { schema: terminationReasonListSchema, signal });
}

/** GET /api/resiliation/motifs-pro/{idContrat}: the business reasons offered for the line. */
export function fetchProReasons(idContrat: number, signal?: AbortSignal): Promise<TerminationReason[]> {
  return apiRequest(`/api/resiliation/motifs-pro/${idContrat}`, { schema: terminationReasonListSchema, signal });
}

/** GET /api/resiliation/sous-motifs/{idMotifParent}. */
export function fetchSubReasons(idMotifParent: number, signal?: AbortSignal): Promise<TerminationReason[]> {
  return apiRequest(`/api/resiliation/sous-motifs/${idMotifParent}`, { schema: terminationReasonListSchema, signal });
}

export const reasonsQueryOptions = () =>
  queryOptions({ queryKey: ['termination', 'reasons'], queryFn: ({ signal }) => fetchReasons(signal), staleTime: 5 * 60_000 });

export const proReasonsQueryOptions = (idContrat: number) =>
  queryOptions({ queryKey: ['termination', 'pro-reasons', idContrat], queryFn: ({ signal }) => fetchProReasons(idContrat, signal), staleTime: 5 * 60_000 });

export const subReasonsQueryOptions = (idMotifParent: number) =>
  queryOptions({ queryKey: ['termination', 'sub-reasons', idMotifParent], queryFn: ({ signal }) => fetchSubReasons(idMotifParent, signal), staleTime: 5 * 60_000 });

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

/** Nothing is asked while no reason with sub-reasons is chosen. */
export function useSubReasons(idMotifParent: number | null) {
  return useQuery({ ...subReasonsQueryOptions(idMotifParent ?? 0), enabled: idMotifParent !== null });
}
