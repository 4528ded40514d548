import { accountUserSchema, type AccountUser, type ChangeAccountUserRole } from '@ecare/shared/account-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountUsersChanged } from './account-users-cache.ts';

export interface ChangeRoleInput {
  userId: number;
  change: ChangeAccountUserRole;
}

/** PUT /api/utilisateurs/{id}: the person's role on the account (and a line, for a line user). */
export function changeAccountUserRole({ userId, change }: ChangeRoleInput): Promise<AccountUser> {
  return apiRequest(`/api/utilisateurs/${userId}`, { method: 'PUT', json: change, schema: accountUserSchema });
}

export function useChangeAccountUserRole() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeAccountUserRole, onSuccess: () => accountUsersChanged(client) });
}
