import { adminContactThemeListSchema, type AdminContactTheme } from '@ecare/shared/admin';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const ADMIN_CONTACT_THEMES_PATH = '/api/admin/contact/themes';
export const ADMIN_CONTACT_THEMES_KEY = ['admin', 'contact', 'themes'] as const;

/** GET /api/admin/contact/themes: the themes in their order, each with its sub-themes. */
export function fetchAdminContactThemes(signal?: AbortSignal): Promise<AdminContactTheme[]> {
  return apiRequest(ADMIN_CONTACT_THEMES_PATH, { schema: adminContactThemeListSchema, signal });
}

export const adminContactThemesQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_CONTACT_THEMES_KEY, queryFn: ({ signal }) => fetchAdminContactThemes(signal), retry: false });

export function useAdminContactThemes() {
  return useQuery(adminContactThemesQueryOptions());
}

/** After a change: the back office's list and the contact form's themes of this browser are read again. */
export function contactThemesChanged(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: ADMIN_CONTACT_THEMES_KEY }), client.invalidateQueries({ queryKey: ['support'] })]);
}
