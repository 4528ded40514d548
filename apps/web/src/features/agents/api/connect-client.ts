import { agentConnectResponseSchema, type AgentConnectResponse } from '@ecare/shared/agents';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/service-client/connexion: a customer session for one account. */
export function connectClient(token: string, request: { idClientBscs: number; email: string; motif: string }): Promise<AgentConnectResponse> {
  return apiRequest('/api/service-client/connexion', { method: 'POST', json: request, schema: agentConnectResponseSchema, bearer: token });
}
