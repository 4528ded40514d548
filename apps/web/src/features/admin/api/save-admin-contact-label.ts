import { adminContactSubThemeSchema, adminContactThemeListSchema, adminContactThemeSchema, type AdminContactLabelBody } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_CONTACT_THEMES_PATH, contactThemesChanged } from './get-admin-contact-themes.ts';

/** What a label names: a new theme, a theme renamed, a new sub-theme of a theme, a sub-theme renamed. */
export type ContactLabelTarget =
  | { kind: 'nouveau-theme' }
  | { kind: 'theme'; idTheme: number }
  | { kind: 'nouveau-sous-theme'; idTheme: number }
  | { kind: 'sous-theme'; idSousTheme: number };

/**
 * POST /api/admin/contact/themes, PUT /api/admin/contact/themes/{idTheme},
 * POST /api/admin/contact/themes/{idTheme}/sous-themes or PUT /api/admin/contact/sous-themes/{idSousTheme}.
 */
export async function saveAdminContactLabel(target: ContactLabelTarget, body: AdminContactLabelBody): Promise<void> {
  switch (target.kind) {
    case 'nouveau-theme':
      await apiRequest(ADMIN_CONTACT_THEMES_PATH, { method: 'POST', json: body, schema: adminContactThemeSchema });
      return;
    case 'theme':
      await apiRequest(`${ADMIN_CONTACT_THEMES_PATH}/${target.idTheme}`, { method: 'PUT', json: body, schema: adminContactThemeListSchema });
      return;
    case 'nouveau-sous-theme':
      await apiRequest(`${ADMIN_CONTACT_THEMES_PATH}/${target.idTheme}/sous-themes`, { method: 'POST', json: body, schema: adminContactSubThemeSchema });
      return;
    case 'sous-theme':
      await apiRequest(`/api/admin/contact/sous-themes/${target.idSousTheme}`, { method: 'PUT', json: body, schema: adminContactSubThemeSchema });
  }
}

export function useSaveAdminContactLabel(target: ContactLabelTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminContactLabelBody) => saveAdminContactLabel(target, body),
    onSuccess: () => contactThemesChanged(client),
  });
}
