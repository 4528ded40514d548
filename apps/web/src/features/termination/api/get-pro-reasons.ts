import { terminationReasonListSchema, type TerminationReason } from '@ecare/shared/termination';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/resiliation/motifs-pro/{idContrat}: the business reasons offered for the line (useReasons shows them first). */
export function fetchProReasons(idContrat: number, signal?: AbortSignal): Promise<TerminationReason[]> {
  return apiRequest(`/api/resiliation/motifs-pro/${idContrat}`, { schema: terminationReasonListSchema, signal });
}

export const proReasonsQueryOptions = (idContrat: number) =>
  queryOptions({ queryKey: ['termination', 'pro-reasons', idContrat], queryFn: ({ signal }) => fetchProReasons(idContrat, signal), staleTime: 5 * 60_000 });
