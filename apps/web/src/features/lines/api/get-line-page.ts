import { linePageSchema, type LinePage } from '@ecare/shared/lines';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { FIRST_LINE_PAGE, linePagePath, type LinePageParams } from './paths.ts';

export { FIRST_LINE_PAGE, type LineListFilters, type LinePageParams } from './paths.ts';

/** GET /api/contrats_pagination/{idClientBscs}?page&taille&tri&ordre&recherche[&statut][&idOffreEngagement]. */
export function fetchLinePage(idClientBscs: number, params: LinePageParams, signal?: AbortSignal): Promise<LinePage> {
  return apiRequest(linePagePath(idClientBscs, params), { schema: linePageSchema, signal });
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
