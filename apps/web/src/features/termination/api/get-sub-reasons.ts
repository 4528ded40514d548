import { terminationReasonListSchema, type TerminationReason } from '@ecare/shared/termination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/resiliation/sous-motifs/{idMotifParent}. */
export function fetchSubReasons(idMotifParent: number, signal?: AbortSignal): Promise<TerminationReason[]> {
  return apiRequest(`/api/resiliation/sous-motifs/${idMotifParent}`, { schema: terminationReasonListSchema, signal });
}

export const subReasonsQueryOptions = (idMotifParent: number) =>
  queryOptions({ queryKey: ['termination', 'sub-reasons', idMotifParent], queryFn: ({ signal }) => fetchSubReasons(idMotifParent, signal), staleTime: 5 * 60_000 });

/** Nothing is asked while no reason with sub-reasons is chosen. */
export function useSubReasons(idMotifParent: number | null) {
  return useQuery({ ...subReasonsQueryOptions(idMotifParent ?? 0), enabled: idMotifParent !== null });
}
