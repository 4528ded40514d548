import { adminStaticDocumentListSchema, type AdminStaticDocument } from '@ecare/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const ADMIN_DOCUMENTS_PATH = '/api/admin/documents';
export const ADMIN_DOCUMENTS_KEY = ['admin', 'documents'] as const;

/** GET /api/admin/documents: the contractual documents as stored. */
export function fetchAdminDocuments(signal?: AbortSignal): Promise<AdminStaticDocument[]> {
  return apiRequest(ADMIN_DOCUMENTS_PATH, { schema: adminStaticDocumentListSchema, signal });
}

export const adminDocumentsQueryOptions = () => queryOptions({ queryKey: ADMIN_DOCUMENTS_KEY, queryFn: ({ signal }) => fetchAdminDocuments(signal), retry: false });

export function useAdminDocuments() {
  return useQuery(adminDocumentsQueryOptions());
}
