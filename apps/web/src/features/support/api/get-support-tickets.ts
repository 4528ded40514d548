import { supportTicketPageSchema, type SupportTicketPage } from '@ecare/shared/support';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Tickets shown per page. */
export const SUPPORT_TICKETS_PAGE_SIZE = 10;

/** GET /api/support/demandes?page&taille: the signed-in customer's own tickets, newest first. */
export function fetchSupportTickets(page: number, signal?: AbortSignal): Promise<SupportTicketPage> {
  const query = new URLSearchParams({ page: String(page), taille: String(SUPPORT_TICKETS_PAGE_SIZE) });
  return apiRequest(`/api/support/demandes?${query.toString()}`, { schema: supportTicketPageSchema, signal });
}

export const supportTicketsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: ['support', 'tickets', page],
    queryFn: ({ signal }) => fetchSupportTickets(page, signal),
    staleTime: 30_000,
  });

export function useSupportTickets(page: number) {
  // Keeps the table in place while another page loads.
  return useQuery({ ...supportTicketsQueryOptions(page), placeholderData: keepPreviousData });
}
