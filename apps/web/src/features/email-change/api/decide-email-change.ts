import { emailManagementSchema, type EmailManagement } from '@ecare/shared/email-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailChangeQueryOptions } from './get-email-change.ts';

export type EmailChangeDecision = 'valider' | 'annuler';

/**
 * POST /api/utilisateurs/email/{guid}/valider (link sent to the new address) or /annuler (link
 * sent to the old one); both answer the new state of the change.
 */
export function decideEmailChange(guid: string, decision: EmailChangeDecision): Promise<EmailManagement> {
  return apiRequest(`/api/utilisateurs/email/${encodeURIComponent(guid)}/${decision}`, {
    method: 'POST',
    schema: emailManagementSchema,
  });
}

export function useDecideEmailChange(guid: string, decision: EmailChangeDecision) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => decideEmailChange(guid, decision),
    onSuccess: (state) => client.setQueryData(emailChangeQueryOptions(guid).queryKey, state),
  });
}
