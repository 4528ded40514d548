import { faqSearchResultListSchema, type FaqSearchResult } from '@ecare/shared/faq';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/Faq/faq_rechercher/{motCle}: ranked questions, matching words in `<mark>` (public). */
export function searchFaq(motCle: string, signal?: AbortSignal): Promise<FaqSearchResult[]> {
  return apiRequest(`/api/Faq/faq_rechercher/${encodeURIComponent(motCle)}`, { schema: faqSearchResultListSchema, signal });
}

export const faqSearchQueryOptions = (motCle: string) =>
  queryOptions({
    queryKey: ['faq', 'search', motCle],
    queryFn: ({ signal }) => searchFaq(motCle, signal),
    staleTime: 60_000,
  });

/**
 * The results of a search (none asked while `motCle` is null); the previous results stay on
 * screen while the next ones arrive, so that the list does not flicker as the reader types.
 */
export function useFaqSearch(motCle: string | null) {
  return useQuery({
    ...faqSearchQueryOptions(motCle ?? ''),
    enabled: motCle !== null,
    placeholderData: keepPreviousData,
  });
}
