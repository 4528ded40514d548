import { adminComplaintPageSchema, type AdminComplaintPage, type InvoiceComplaintStatus } from '@ecare/shared/admin-complaints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_REQUESTS_PAGE_SIZE } from '../utils/request-pages.ts';

export const ADMIN_COMPLAINTS_PATH = '/api/admin/reclamations';

export interface AdminComplaintFilters {
  statut: InvoiceComplaintStatus | null;
  reference: string;
  page: number;
}

/** GET /api/admin/reclamations?statut=&reference=&page=: the invoice complaints, newest first. */
export function fetchAdminComplaints({ statut, reference, page }: AdminComplaintFilters, signal?: AbortSignal): Promise<AdminComplaintPage> {
  const query = new URLSearchParams({ page: String(page), taille: String(ADMIN_REQUESTS_PAGE_SIZE) });
  if (statut) query.set('statut', statut);
  if (reference.trim() !== '') query.set('reference', reference.trim());
  return apiRequest(`${ADMIN_COMPLAINTS_PATH}?${query.toString()}`, { schema: adminComplaintPageSchema, signal });
}

export const adminComplaintsQueryOptions = (filters: AdminComplaintFilters) =>
  queryOptions({ queryKey: ['admin', 'complaints', filters], queryFn: ({ signal }) => fetchAdminComplaints(filters, signal), retry: false, placeholderData: keepPreviousData });

export function useAdminComplaints(filters: AdminComplaintFilters) {
  return useQuery(adminComplaintsQueryOptions(filters));
}
