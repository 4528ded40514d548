import { legalPageSchema, type LegalPage, type LegalPageCode } from '@ecare/shared/legal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/mentions-legales/{pageCode}: a legal or information page, for anyone (no session needed). */
export function fetchLegalPage(pageCode: LegalPageCode, signal?: AbortSignal): Promise<LegalPage> {
  return apiRequest(`/api/mentions-legales/${pageCode}`, { schema: legalPageSchema, signal });
}

export const legalPageQueryOptions = (pageCode: LegalPageCode) =>
  queryOptions({
    queryKey: ['legal-page', pageCode],
    queryFn: ({ signal }) => fetchLegalPage(pageCode, signal),
    // Reference texts: they change with a release, not during a visit.
    staleTime: 30 * 60_000,
  });

export function useLegalPage(pageCode: LegalPageCode) {
  return useQuery(legalPageQueryOptions(pageCode));
}
