import { consumptionSchema, type Consumption } from '@ecare/shared/consumption';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/infoconso/getinfoconso: the line's use over `periode` (the running period when null)
 * and the five periods before it. The global loading overlay ignores this call (spec §9): the
 * page shows its own waiting state.
 */
export function fetchConsumption(idContrat: number, periode: string | null, signal?: AbortSignal): Promise<Consumption> {
  return apiRequest('/api/infoconso/getinfoconso', {
    method: 'POST',
    json: periode === null ? { idContrat } : { idContrat, periode },
    schema: consumptionSchema,
    signal,
  });
}

export const consumptionQueryOptions = (idContrat: number, periode: string | null) =>
  queryOptions({
    queryKey: ['consumption', idContrat, periode ?? 'courante'],
    queryFn: ({ signal }) => fetchConsumption(idContrat, periode, signal),
    staleTime: 5 * 60_000,
  });

/** The line's consumption; while another period loads, the last one stays on screen. */
export function useConsumption(idContrat: number | null, periode: string | null) {
  return useQuery({ ...consumptionQueryOptions(idContrat ?? 0, periode), enabled: idContrat !== null, placeholderData: keepPreviousData });
}
