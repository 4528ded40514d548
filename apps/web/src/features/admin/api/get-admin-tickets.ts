import { adminTicketPageSchema, type AdminTicketPage } from '@ecare/shared/admin';
import type { SupportTicketStatus } from '@ecare/shared/support';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_REQUESTS_PAGE_SIZE } from '../utils/request-pages.ts';

export const ADMIN_TICKETS_PATH = '/api/admin/support/demandes';

export interface AdminTicketFilters {
  statut: SupportTicketStatus | null;
  reference: string;
  page: number;
}

/** GET /api/admin/support/demandes?statut=&reference=&page=: the tickets, newest first. */
export function fetchAdminTickets({ statut, reference, page }: AdminTicketFilters, signal?: AbortSignal): Promise<AdminTicketPage> {
  const query = new URLSearchParams({ page: String(page), taille: String(ADMIN_REQUESTS_PAGE_SIZE) });
  if (statut) query.set('statut', statut);
  if (reference.trim() !== '') query.set('reference', reference.trim());
  return apiRequest(`${ADMIN_TICKETS_PATH}?${query.toString()}`, { schema: adminTicketPageSchema, signal });
}

export const adminTicketsQueryOptions = (filters: AdminTicketFilters) =>
  queryOptions({ queryKey: ['admin', 'tickets', filters], queryFn: ({ signal }) => fetchAdminTickets(filters, signal), retry: false, placeholderData: keepPreviousData });

export function useAdminTickets(filters: AdminTicketFilters) {
  return useQuery(adminTicketsQueryOptions(filters));
}
