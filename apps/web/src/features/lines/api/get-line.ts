import { lineDetailSchema, type LineDetail } from '@ecare/shared/lines';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lineDetailPath } from './paths.ts';

/** GET /api/ligne/{idContrat}. */
export function fetchLine(idContrat: number, signal?: AbortSignal): Promise<LineDetail> {
  return apiRequest(lineDetailPath(idContrat), { schema: lineDetailSchema, signal });
}

export const lineQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: ['lines', 'detail', idContrat],
    queryFn: ({ signal }) => fetchLine(idContrat, signal),
    staleTime: 60_000,
  });

export function useLine(idContrat: number | null) {
  return useQuery({ ...lineQueryOptions(idContrat ?? 0), enabled: idContrat !== null });
}
