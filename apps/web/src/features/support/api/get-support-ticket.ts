import { supportTicketDetailSchema, type SupportTicketDetail } from '@ecare/shared/support-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/support/demandes/{reference}: one of the signed-in customer's messages, with what they wrote. */
export function fetchSupportTicket(reference: string, signal?: AbortSignal): Promise<SupportTicketDetail> {
  return apiRequest(`/api/support/demandes/${encodeURIComponent(reference)}`, { schema: supportTicketDetailSchema, signal });
}

export const supportTicketQueryOptions = (reference: string) =>
  queryOptions({ queryKey: ['support', 'ticket', reference], queryFn: ({ signal }) => fetchSupportTicket(reference, signal), staleTime: 30_000, retry: false });

export const useSupportTicket = (reference: string) => useQuery(supportTicketQueryOptions(reference));
