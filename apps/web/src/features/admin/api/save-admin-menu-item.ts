import { adminMenuItemSchema, type AdminMenuItem, type AdminMenuItemBody } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_MENU_PATH, menuChanged } from './get-admin-menu.ts';

/** POST /api/admin/menu (id null: a new entry, last under its parent) or PUT /api/admin/menu/{id} (rename, new address, move). */
export function saveAdminMenuItem(id: number | null, body: AdminMenuItemBody): Promise<AdminMenuItem> {
  return id === null
    ? apiRequest(ADMIN_MENU_PATH, { method: 'POST', json: body, schema: adminMenuItemSchema })
    : apiRequest(`${ADMIN_MENU_PATH}/${id}`, { method: 'PUT', json: body, schema: adminMenuItemSchema });
}

export function useSaveAdminMenuItem(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminMenuItemBody) => saveAdminMenuItem(id, body),
    onSuccess: () => menuChanged(client),
  });
}
