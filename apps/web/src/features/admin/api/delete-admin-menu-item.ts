import { okResponseSchema } from '@ecare/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_MENU_PATH, menuChanged } from './get-admin-menu.ts';

/** DELETE /api/admin/menu/{id}: an entry with nothing under it. */
export async function deleteAdminMenuItem(id: number): Promise<void> {
  await apiRequest(`${ADMIN_MENU_PATH}/${id}`, { method: 'DELETE', schema: okResponseSchema });
}

export function useDeleteAdminMenuItem() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteAdminMenuItem, onSuccess: () => menuChanged(client) });
}
