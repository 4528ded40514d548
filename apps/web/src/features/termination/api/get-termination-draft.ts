import { terminationDraftSchema, type TerminationDraft } from '@ecare/shared/termination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { terminationDraftKey } from './termination-cache.ts';

/** GET /api/resiliation/brouillon/{idContrat}: the caller's answers so far and the proofs sent for them. */
export function fetchTerminationDraft(idContrat: number, signal?: AbortSignal): Promise<TerminationDraft> {
  return apiRequest(`/api/resiliation/brouillon/${idContrat}`, { schema: terminationDraftSchema, signal });
}

export const terminationDraftQueryOptions = (idContrat: number) =>
  queryOptions({ queryKey: terminationDraftKey(idContrat), queryFn: ({ signal }) => fetchTerminationDraft(idContrat, signal) });

export function useTerminationDraftQuery(idContrat: number) {
  return useQuery(terminationDraftQueryOptions(idContrat));
}
