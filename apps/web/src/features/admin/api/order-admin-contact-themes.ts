import { adminContactThemeListSchema, type AdminContactTheme } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_CONTACT_THEMES_KEY, ADMIN_CONTACT_THEMES_PATH, contactThemesChanged } from './get-admin-contact-themes.ts';

/** The themes' order (idTheme null) or one theme's sub-themes' order. */
export interface ContactOrder {
  idTheme: number | null;
  ids: number[];
}

/** PUT /api/admin/contact/themes/ordre or PUT /api/admin/contact/themes/{idTheme}/sous-themes/ordre: the whole list, in the new order. */
export function orderAdminContactThemes({ idTheme, ids }: ContactOrder): Promise<AdminContactTheme[]> {
  return idTheme === null
    ? apiRequest(`${ADMIN_CONTACT_THEMES_PATH}/ordre`, { method: 'PUT', json: { idThemes: ids }, schema: adminContactThemeListSchema })
    : apiRequest(`${ADMIN_CONTACT_THEMES_PATH}/${idTheme}/sous-themes/ordre`, { method: 'PUT', json: { idSousThemes: ids }, schema: adminContactThemeListSchema });
}

export function useOrderAdminContactThemes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: orderAdminContactThemes,
    onSuccess: async (themes) => {
      client.setQueryData(ADMIN_CONTACT_THEMES_KEY, themes);
      await client.invalidateQueries({ queryKey: ['support'] });
    },
    onError: () => contactThemesChanged(client),
  });
}
