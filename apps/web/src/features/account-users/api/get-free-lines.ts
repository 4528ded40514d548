import { freeLinesSchema, type FreeLines } from '@ecare/shared/account-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/utilisateurs/lignes-disponibles?idClientBscs: the lines a new line user may be given. */
export function fetchFreeLines(idClientBscs: number, signal?: AbortSignal): Promise<FreeLines> {
  return apiRequest(`/api/utilisateurs/lignes-disponibles?idClientBscs=${idClientBscs}`, { schema: freeLinesSchema, signal });
}

export const freeLinesQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: ['account-users', 'free-lines', idClientBscs],
    queryFn: ({ signal }) => fetchFreeLines(idClientBscs, signal),
    staleTime: 30_000,
  });

/** Asked for only while a form needs them (`enabled`). */
export function useFreeLines(idClientBscs: number, enabled: boolean) {
  return useQuery({ ...freeLinesQueryOptions(idClientBscs), enabled });
}
