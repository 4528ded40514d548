import { okResponseSchema } from '@ecare/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountUsersChanged } from './account-users-cache.ts';

export interface RemoveUserInput {
  userId: number;
  idClientBscs: number;
}

/** DELETE /api/utilisateurs/{id}?idClientBscs: takes the person off the account. */
export async function removeAccountUser({ userId, idClientBscs }: RemoveUserInput): Promise<void> {
  await apiRequest(`/api/utilisateurs/${userId}?idClientBscs=${idClientBscs}`, { method: 'DELETE', schema: okResponseSchema });
}

export function useRemoveAccountUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeAccountUser, onSuccess: () => accountUsersChanged(client) });
}
