import { adminMenuListSchema, type AdminMenuItem } from '@ecare/shared/admin';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const ADMIN_MENU_PATH = '/api/admin/menu';
export const ADMIN_MENU_KEY = ['admin', 'menu'] as const;

/** GET /api/admin/menu: the whole tree, flat, each level in its order. */
export function fetchAdminMenu(signal?: AbortSignal): Promise<AdminMenuItem[]> {
  return apiRequest(ADMIN_MENU_PATH, { schema: adminMenuListSchema, signal });
}

export const adminMenuQueryOptions = () => queryOptions({ queryKey: ADMIN_MENU_KEY, queryFn: ({ signal }) => fetchAdminMenu(signal), retry: false });

export function useAdminMenu() {
  return useQuery(adminMenuQueryOptions());
}

/** After a change: the back office's tree and the customers' menu of this browser are read again. */
export function menuChanged(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: ADMIN_MENU_KEY }), client.invalidateQueries({ queryKey: ['menu'] })]);
}
