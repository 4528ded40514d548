import { esimResponseSchema, type EsimResponse } from '@ecare/shared/esim';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/consulteresim/{coId}: a line's eSIM for a signed-in caller who reaches the line. */
export function fetchEsim(idContrat: number, signal?: AbortSignal): Promise<EsimResponse> {
  return apiRequest(`/api/consulteresim/${idContrat}`, { schema: esimResponseSchema, signal });
}

/**
 * Each read is recorded in the audit log: read when the page opens, not again behind the
 * person's back (no refetch on focus or reconnection, no retry of a refusal).
 */
export const esimQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: ['esim', idContrat],
    queryFn: ({ signal }) => fetchEsim(idContrat, signal),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

export function useEsim(idContrat: number | null) {
  return useQuery({ ...esimQueryOptions(idContrat ?? 0), enabled: idContrat !== null });
}
