import { adminLegalPageListSchema, type AdminLegalPage } from '@ecare/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/mentions-legales: the legal pages as stored. */
export function fetchAdminLegalPages(signal?: AbortSignal): Promise<AdminLegalPage[]> {
  return apiRequest('/api/admin/mentions-legales', { schema: adminLegalPageListSchema, signal });
}

export const adminLegalPagesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'mentions-legales'], queryFn: ({ signal }) => fetchAdminLegalPages(signal), retry: false });

export function useAdminLegalPages() {
  return useQuery(adminLegalPagesQueryOptions());
}
