import { securityOverviewSchema, type SecurityOverview } from '@ecare/shared/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/securite: the signed-in user's second factors and recovery codes left. */
export function fetchSecurityOverview(signal?: AbortSignal): Promise<SecurityOverview> {
  return apiRequest('/api/securite', { schema: securityOverviewSchema, signal });
}

export const securityOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['security', 'overview'],
    queryFn: ({ signal }) => fetchSecurityOverview(signal),
  });

export function useSecurityOverview() {
  return useQuery(securityOverviewQueryOptions());
}
