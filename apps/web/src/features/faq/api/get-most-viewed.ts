import { faqMostViewedListSchema, type FaqMostViewed } from '@ecare/shared/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/Faq/faq_plus_consultees: the ten most consulted questions, with their theme (public). */
export function fetchMostViewed(signal?: AbortSignal): Promise<FaqMostViewed[]> {
  return apiRequest('/api/Faq/faq_plus_consultees', { schema: faqMostViewedListSchema, signal });
}

export const mostViewedQueryOptions = () =>
  queryOptions({
    queryKey: ['faq', 'most-viewed'],
    queryFn: ({ signal }) => fetchMostViewed(signal),
    staleTime: 5 * 60_000,
  });

export function useMostViewed() {
  return useQuery(mostViewedQueryOptions());
}
