import { agentActionListSchema, type AgentAction } from '@ecare/shared/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/audit/{idClientBscs}: what customer-service agents did on the account, newest first. */
export function fetchAgentActions(idClientBscs: number, signal?: AbortSignal): Promise<AgentAction[]> {
  return apiRequest(`/api/audit/${idClientBscs}`, { schema: agentActionListSchema, signal });
}

export const agentActionsQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: ['agents', 'actions', idClientBscs],
    queryFn: ({ signal }) => fetchAgentActions(idClientBscs, signal),
    staleTime: 30_000,
  });

export function useAgentActions(idClientBscs: number) {
  return useQuery(agentActionsQueryOptions(idClientBscs));
}
