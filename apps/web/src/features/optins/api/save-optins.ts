import { optinsSchema, type OptinChoices, type Optins } from '@ecare/shared/optins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { optinsPath, optinsQueryOptions, type OptinsOwner } from './get-optins.ts';

/** PUT /api/contacts/optins or /api/contacts/{idClientBscs}/optins: every choice, answered as saved. */
export function saveOptins(owner: OptinsOwner, choices: OptinChoices): Promise<Optins> {
  return apiRequest(optinsPath(owner), { method: 'PUT', json: choices, schema: optinsSchema });
}

export function useSaveOptins(owner: OptinsOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choices: OptinChoices) => saveOptins(owner, choices),
    onSuccess: (saved) => client.setQueryData(optinsQueryOptions(owner).queryKey, saved),
  });
}
