import { terminationStatusSchema, type TerminationStatusAnswer } from '@ecare/shared/termination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { terminationStatusKey } from './termination-cache.ts';

/** GET /api/resiliation/statut/{idResiliation}. */
export function fetchTerminationStatus(idResiliation: number, signal?: AbortSignal): Promise<TerminationStatusAnswer> {
  return apiRequest(`/api/resiliation/statut/${idResiliation}`, { schema: terminationStatusSchema, signal });
}

export const terminationStatusQueryOptions = (idResiliation: number) =>
  queryOptions({ queryKey: terminationStatusKey(idResiliation), queryFn: ({ signal }) => fetchTerminationStatus(idResiliation, signal) });

export function useTerminationStatus(idResiliation: number | null) {
  return useQuery({ ...terminationStatusQueryOptions(idResiliation ?? 0), enabled: idResiliation !== null });
}
