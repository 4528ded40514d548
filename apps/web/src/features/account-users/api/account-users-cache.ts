import type { QueryClient } from '@tanstack/react-query';

/** After any change to an account's people: the list and the free lines are read again. */
export function accountUsersChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ['account-users'] });
}
