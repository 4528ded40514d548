import { terminationFeesSchema, type TerminationFeesAnswer, type TerminationFeesRequest } from '@ecare/shared/termination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/resiliation/frais: the fees at an effective date, computed by the server (a read sent as POST). */
export function fetchFees(request: TerminationFeesRequest, signal?: AbortSignal): Promise<TerminationFeesAnswer> {
  return apiRequest('/api/resiliation/frais', { method: 'POST', json: request, schema: terminationFeesSchema, signal });
}

export const feesQueryOptions = (request: TerminationFeesRequest) =>
  queryOptions({
    queryKey: ['termination', 'fees', request.idContrat, request.idMotif, request.dateEffet],
    queryFn: ({ signal }) => fetchFees(request, signal),
    staleTime: 60_000,
    retry: false,
  });

/** Asked once a reason and a date are chosen; the previous figures stay while new ones come. */
export function useFees(request: TerminationFeesRequest | null) {
  return useQuery({
    ...feesQueryOptions(request ?? { idContrat: 0, idMotif: 0, dateEffet: '' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
