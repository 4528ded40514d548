import { homeSchema, type Home } from '@ecare/shared/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { homePath } from './paths.ts';

/** GET /api/clients/{idClientBscs}/accueil: the account's lines by status, its heaviest data users this period, its orders in progress. */
export function fetchHome(idClientBscs: number, signal?: AbortSignal): Promise<Home> {
  return apiRequest(homePath(idClientBscs), { schema: homeSchema, signal });
}

export const homeQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: ['home', idClientBscs],
    queryFn: ({ signal }) => fetchHome(idClientBscs, signal),
    // Usage keeps arriving from the feed: read again when the page opens after a minute.
    staleTime: 60_000,
  });

export function useHome(idClientBscs: number) {
  return useQuery(homeQueryOptions(idClientBscs));
}
