import { terminationDraftSchema, type TerminationDraft, type TerminationDraftSave } from '@ecare/shared/termination';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { terminationDraftKey } from './termination-cache.ts';

/** PUT /api/resiliation/brouillon/{idContrat}: keeps the answers for a reload, another tab or a new session. */
export function saveTerminationDraft(idContrat: number, answers: TerminationDraftSave): Promise<TerminationDraft> {
  return apiRequest(`/api/resiliation/brouillon/${idContrat}`, { method: 'PUT', json: answers, schema: terminationDraftSchema });
}

export function useSaveTerminationDraft(idContrat: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: TerminationDraftSave) => saveTerminationDraft(idContrat, answers),
    onSuccess: (draft) => queryClient.setQueryData(terminationDraftKey(idContrat), draft),
  });
}
