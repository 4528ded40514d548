import { terminationInProgressSchema, type TerminationStatusAnswer } from '@ecare/shared/termination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { inProgressKey } from './termination-cache.ts';

/** GET /api/resiliation/en-cours/{idContrat}: the line's scheduled termination, or null. */
export function fetchInProgress(idContrat: number, signal?: AbortSignal): Promise<TerminationStatusAnswer | null> {
  return apiRequest(`/api/resiliation/en-cours/${idContrat}`, { schema: terminationInProgressSchema, signal }).then((answer) => answer.resiliation);
}

export const inProgressQueryOptions = (idContrat: number) =>
  queryOptions({ queryKey: inProgressKey(idContrat), queryFn: ({ signal }) => fetchInProgress(idContrat, signal), staleTime: 30_000 });

export function useTerminationInProgress(idContrat: number) {
  return useQuery(inProgressQueryOptions(idContrat));
}
