import { adminMenuListSchema, type AdminMenuItem, type AdminMenuOrderBody } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_MENU_KEY, ADMIN_MENU_PATH, menuChanged } from './get-admin-menu.ts';

/** PUT /api/admin/menu/ordre: every entry under one parent, in the new order. */
export function orderAdminMenu(body: AdminMenuOrderBody): Promise<AdminMenuItem[]> {
  return apiRequest(`${ADMIN_MENU_PATH}/ordre`, { method: 'PUT', json: body, schema: adminMenuListSchema });
}

export function useOrderAdminMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: orderAdminMenu,
    onSuccess: async (menu) => {
      client.setQueryData(ADMIN_MENU_KEY, menu);
      await client.invalidateQueries({ queryKey: ['menu'] });
    },
    // A refused order (the list changed meanwhile) shows the tree as it is now.
    onError: () => menuChanged(client),
  });
}
