import { emailManagementSchema, type EmailManagement } from '@ecare/shared/email-change';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/emailmanagement/{guid}: state of a login e-mail change, from one of its two links. */
export function fetchEmailChange(guid: string, signal?: AbortSignal): Promise<EmailManagement> {
  return apiRequest(`/api/emailmanagement/${encodeURIComponent(guid)}`, { schema: emailManagementSchema, signal });
}

export const emailChangeQueryOptions = (guid: string) =>
  queryOptions({
    queryKey: ['email-change', guid],
    queryFn: ({ signal }) => fetchEmailChange(guid, signal),
    // Followed once per visit: the page itself updates the cache after a decision.
    staleTime: Infinity,
  });

export function useEmailChange(guid: string) {
  return useQuery(emailChangeQueryOptions(guid));
}
