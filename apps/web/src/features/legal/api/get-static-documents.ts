import { staticDocumentListSchema, type StaticDocument } from '@ecare/shared/legal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/documentstatique: the contractual documents on offer (CGV, CGA, GT), their version and file name. */
export function fetchStaticDocuments(signal?: AbortSignal): Promise<StaticDocument[]> {
  return apiRequest('/api/documentstatique', { schema: staticDocumentListSchema, signal });
}

export const staticDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: ['static-documents'],
    queryFn: ({ signal }) => fetchStaticDocuments(signal),
    staleTime: 30 * 60_000,
  });

export function useStaticDocuments() {
  return useQuery(staticDocumentsQueryOptions());
}

/** GET /api/documentstatique/{type}: the document as a PDF attachment. */
export function staticDocumentPath(type: string): string {
  return `/api/documentstatique/${encodeURIComponent(type)}`;
}
