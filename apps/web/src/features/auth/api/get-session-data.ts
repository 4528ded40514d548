import { sessionDataSchema, type SessionData } from '@ecare/shared/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionDataPath } from './paths.ts';

/** GET /api/sessiondata/{idClientBscs}/{idContrat}; idContrat 0 means no line chosen. */
export function fetchSessionData(idClientBscs: number, idContrat: number, signal?: AbortSignal): Promise<SessionData> {
  return apiRequest(sessionDataPath(idClientBscs, idContrat), { schema: sessionDataSchema, signal });
}

export const sessionDataQueryOptions = (idClientBscs: number, idContrat: number) =>
  queryOptions({
    queryKey: ['auth', 'session-data', idClientBscs, idContrat],
    queryFn: ({ signal }) => fetchSessionData(idClientBscs, idContrat, signal),
    staleTime: 60_000,
  });

export function useSessionData(idClientBscs: number | null, idContrat: number | null) {
  return useQuery({
    ...sessionDataQueryOptions(idClientBscs ?? 0, idContrat ?? 0),
    enabled: idClientBscs !== null,
  });
}
