import { faqThemeListSchema, type FaqTheme } from '@ecare/shared/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/Faq/faq_themes: the FAQ's themes in order, with their number of questions (public). */
export function fetchFaqThemes(signal?: AbortSignal): Promise<FaqTheme[]> {
  return apiRequest('/api/Faq/faq_themes', { schema: faqThemeListSchema, signal });
}

export const faqThemesQueryOptions = () =>
  queryOptions({
    queryKey: ['faq', 'themes'],
    queryFn: ({ signal }) => fetchFaqThemes(signal),
    // Reference texts: they change with a release or an operator's edit, not during a visit.
    staleTime: 30 * 60_000,
  });

export function useFaqThemes() {
  return useQuery(faqThemesQueryOptions());
}
