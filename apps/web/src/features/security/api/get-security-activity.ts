import { securityActivitySchema, type SecurityActivityEntry } from '@ecare/shared/security-activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/securite/activite: the user's recent sign-ins and security changes, newest first. */
export function fetchSecurityActivity(signal?: AbortSignal): Promise<SecurityActivityEntry[]> {
  return apiRequest('/api/securite/activite', { schema: securityActivitySchema, signal });
}

export const securityActivityQueryOptions = () =>
  queryOptions({
    queryKey: ['security', 'activity'],
    queryFn: ({ signal }) => fetchSecurityActivity(signal),
  });

export function useSecurityActivity() {
  return useQuery(securityActivityQueryOptions());
}
