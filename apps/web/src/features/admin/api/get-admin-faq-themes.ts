import { adminFaqThemeListSchema, type AdminFaqTheme } from '@ecare/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const ADMIN_FAQ_THEMES_PATH = '/api/admin/faq/themes';
export const ADMIN_FAQ_THEMES_KEY = ['admin', 'faq', 'themes'] as const;

/** GET /api/admin/faq/themes: the themes in their order, with their question counts. */
export function fetchAdminFaqThemes(signal?: AbortSignal): Promise<AdminFaqTheme[]> {
  return apiRequest(ADMIN_FAQ_THEMES_PATH, { schema: adminFaqThemeListSchema, signal });
}

export const adminFaqThemesQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_FAQ_THEMES_KEY, queryFn: ({ signal }) => fetchAdminFaqThemes(signal), retry: false });

export function useAdminFaqThemes() {
  return useQuery(adminFaqThemesQueryOptions());
}
