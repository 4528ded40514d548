import { menuSchema, type MenuItem, type MenuParams } from '@ecare/shared/menu';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/menu/{statut_cpt_fact}/{statut_ligne_mobile}/{id_gamme_ligne}/{statut_ligne_adsl}. */
export function fetchMenu(params: MenuParams, signal?: AbortSignal): Promise<MenuItem[]> {
  const segments = [params.statut_cpt_fact, params.statut_ligne_mobile, params.id_gamme_ligne, params.statut_ligne_adsl];
  return apiRequest(`/api/menu/${segments.map(encodeURIComponent).join('/')}`, { schema: menuSchema, signal });
}

export const menuQueryOptions = (params: MenuParams) =>
  queryOptions({
    queryKey: ['menu', params],
    queryFn: ({ signal }) => fetchMenu(params, signal),
    staleTime: 5 * 60_000,
  });

export function useMenu(params: MenuParams, enabled = true) {
  return useQuery({ ...menuQueryOptions(params), enabled });
}
