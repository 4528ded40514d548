import { accountUserSchema, type AccountUser, type InviteAccountUser } from '@ecare/shared/account-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountUsersChanged } from './account-users-cache.ts';

/** POST /api/utilisateurs: the invited person receives the link that creates their code. */
export function inviteAccountUser(invitation: InviteAccountUser): Promise<AccountUser> {
  return apiRequest('/api/utilisateurs', { method: 'POST', json: invitation, schema: accountUserSchema });
}

export function useInviteAccountUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: inviteAccountUser, onSuccess: () => accountUsersChanged(client) });
}
