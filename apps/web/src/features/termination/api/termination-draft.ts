import { terminationDraftSchema, type TerminationDraft, type TerminationDraftSave } from '@ecare/shared/termination';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/resiliation/brouillon/{idContrat}: the caller's answers so far and the proofs sent for them. */
export function fetchTerminationDraft(idContrat: number, signal?: AbortSignal): Promise<TerminationDraft> {
  return apiRequest(`/api/resiliation/brouillon/${idContrat}`, { schema: terminationDraftSchema, signal });
}

export const terminationDraftQueryOptions = (idContrat: number) =>
  queryOptions({ queryKey: ['termination', 'draft', idContrat], queryFn: ({ signal }) => fetchTerminationDraft(idContrat, signal) });

export function useTerminationDraftQuery(idContrat: number) {
  return useQuery(terminationDraftQueryOptions(idContrat));
}

/** PUT /api/resiliation/brouillon/{idContrat}: keeps the answers for a reload, another tab or a new session. */
export function useSaveTerminationDraft(idContrat: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: TerminationDraftSave) =>
      apiRequest(`/api/resiliation/brouillon/${idContrat}`, { method: 'PUT', json: answers, schema: terminationDraftSchema }),
    onSuccess: (draft) => queryClient.setQueryData(terminationDraftQueryOptions(idContrat).queryKey, draft),
  });
}
