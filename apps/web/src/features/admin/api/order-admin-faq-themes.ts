import { adminFaqThemeListSchema, type AdminFaqTheme } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_FAQ_THEMES_KEY, ADMIN_FAQ_THEMES_PATH } from './get-admin-faq-themes.ts';

/** PUT /api/admin/faq/themes/ordre: every theme, in the new order. */
export function orderAdminFaqThemes(idThemes: number[]): Promise<AdminFaqTheme[]> {
  return apiRequest(`${ADMIN_FAQ_THEMES_PATH}/ordre`, { method: 'PUT', json: { idThemes }, schema: adminFaqThemeListSchema });
}

export function useOrderAdminFaqThemes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: orderAdminFaqThemes,
    onSuccess: (themes) => client.setQueryData(ADMIN_FAQ_THEMES_KEY, themes),
    // A refused order (the list changed meanwhile) shows the list as it is now.
    onError: () => client.invalidateQueries({ queryKey: ADMIN_FAQ_THEMES_KEY }),
  });
}
