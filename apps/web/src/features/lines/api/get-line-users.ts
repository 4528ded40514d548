import { lineUserListSchema, type LineUserEntry } from '@ecare/shared/lines';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lineUsersPath } from './other-paths.ts';

/** GET /api/lignes/{ids}/utilisateurs: the user of each line, in the order asked. */
export function fetchLineUsers(ids: readonly number[], signal?: AbortSignal): Promise<LineUserEntry[]> {
  return apiRequest(lineUsersPath(ids), { schema: lineUserListSchema, signal });
}

export const lineUsersQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['lines', 'users', ids],
    queryFn: ({ signal }) => fetchLineUsers(ids, signal),
    staleTime: 60_000,
    select: (users) => new Map(users.map((user) => [user.idContrat, user])),
  });

/** The users of the lines on screen (one call for the page), by contract id; nothing asked for no line. */
export function useLineUsers(ids: readonly number[]) {
  return useQuery({ ...lineUsersQueryOptions(ids), enabled: ids.length > 0 });
}
