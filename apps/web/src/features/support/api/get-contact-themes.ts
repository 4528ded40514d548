import { contactThemeListSchema, type ContactTheme } from '@ecare/shared/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/Faq/contact_themes: the contact form's themes, in display order. */
export function fetchContactThemes(signal?: AbortSignal): Promise<ContactTheme[]> {
  return apiRequest('/api/Faq/contact_themes', { schema: contactThemeListSchema, signal });
}

export const contactThemesQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'contact-themes'],
    queryFn: ({ signal }) => fetchContactThemes(signal),
    staleTime: 5 * 60_000,
  });

export function useContactThemes() {
  return useQuery(contactThemesQueryOptions());
}
