import { contactSubThemeListSchema, type ContactSubTheme } from '@ecare/shared/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/Faq/contact_sous_themes/{idTheme}: a theme's sub-themes, in display order. */
export function fetchContactSubThemes(idTheme: number, signal?: AbortSignal): Promise<ContactSubTheme[]> {
  return apiRequest(`/api/Faq/contact_sous_themes/${idTheme}`, { schema: contactSubThemeListSchema, signal });
}

export const contactSubThemesQueryOptions = (idTheme: number) =>
  queryOptions({
    queryKey: ['support', 'contact-sub-themes', idTheme],
    queryFn: ({ signal }) => fetchContactSubThemes(idTheme, signal),
    staleTime: 5 * 60_000,
  });

/** Nothing is asked while no theme is chosen. */
export function useContactSubThemes(idTheme: number | null) {
  return useQuery({ ...contactSubThemesQueryOptions(idTheme ?? 0), enabled: idTheme !== null });
}
