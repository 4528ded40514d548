import { userSessionsSchema, type UserSession } from '@ecare/shared/user-sessions';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/sessions: the signed-in user's active sessions, the latest active first. */
export function fetchSessions(signal?: AbortSignal): Promise<UserSession[]> {
  return apiRequest('/api/sessions', { schema: userSessionsSchema, signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['user-sessions'],
    queryFn: ({ signal }) => fetchSessions(signal),
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** After a session was ended: the list is read again. */
export function sessionsChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
}
