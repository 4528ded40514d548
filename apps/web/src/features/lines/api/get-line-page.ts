import { linePageSchema, type LinePage, type LinePageQuery } from '@ecare/shared/lines';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type LinePageParams = Required<Pick<LinePageQuery, 'page' | 'taille' | 'tri' | 'ordre'>> & {
  recherche: string;
};

export const FIRST_LINE_PAGE: LinePageParams = { page: 1, taille: 20, tri: 'numeroLigne', ordre: 'asc', recherche: '' };

/** GET /api/contrats_pagination/{idClientBscs}?page&taille&tri&ordre&recherche. */
export function fetchLinePage(idClientBscs: number, params: LinePageParams, signal?: AbortSignal): Promise<LinePage> {
  const query = new URLSearchParams({
    page: String(params.page),
    taille: String(params.taille),
    tri: params.tri,
    ordre: params.ordre,
    recherche: params.recherche,
  });
  return apiRequest(`/api/contrats_pagination/${idClientBscs}?${query.toString()}`, { schema: linePageSchema, signal });
}

export const linePageQueryOptions = (idClientBscs: number, params: LinePageParams = FIRST_LINE_PAGE) =>
  queryOptions({
    queryKey: ['lines', 'page', idClientBscs, params],
    queryFn: ({ signal }) => fetchLinePage(idClientBscs, params, signal),
    staleTime: 60_000,
  });

export function useLinePage(idClientBscs: number | null, params: LinePageParams = FIRST_LINE_PAGE) {
  return useQuery({
    ...linePageQueryOptions(idClientBscs ?? 0, params),
    enabled: idClientBscs !== null,
    // Keeps the table in place while the next page loads (no layout jump).
    placeholderData: keepPreviousData,
  });
}
