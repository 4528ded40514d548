import { currentUserSchema, type CurrentUser } from '@ecare/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CURRENT_USER_PATH } from './paths.ts';

/** GET /api/current_user. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiRequest(CURRENT_USER_PATH, { schema: currentUserSchema, signal });
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'current-user'],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60_000,
  });

export function useCurrentUser(enabled = true) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
