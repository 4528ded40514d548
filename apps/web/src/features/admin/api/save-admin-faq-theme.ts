import { adminFaqThemeSchema, type AdminFaqTheme, type AdminFaqThemeBody } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_FAQ_THEMES_KEY, ADMIN_FAQ_THEMES_PATH } from './get-admin-faq-themes.ts';

/** POST /api/admin/faq/themes (idTheme null: a new theme, last) or PUT /api/admin/faq/themes/{idTheme} (rename). */
export function saveAdminFaqTheme(idTheme: number | null, body: AdminFaqThemeBody): Promise<AdminFaqTheme> {
  return idTheme === null
    ? apiRequest(ADMIN_FAQ_THEMES_PATH, { method: 'POST', json: body, schema: adminFaqThemeSchema })
    : apiRequest(`${ADMIN_FAQ_THEMES_PATH}/${idTheme}`, { method: 'PUT', json: body, schema: adminFaqThemeSchema });
}

export function useSaveAdminFaqTheme(idTheme: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminFaqThemeBody) => saveAdminFaqTheme(idTheme, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_FAQ_THEMES_KEY }),
  });
}
