import {
  accountSearchResponseSchema,
  agentConnectResponseSchema,
  agentUserSchema,
  validateScResponseSchema,
  type AccountSearchResponse,
  type AgentConnectResponse,
  type AgentUser,
  type ValidateScResponse,
} from '@ecare/shared/agents';
import { tokenResponseSchema, type TokenResponse } from '@ecare/shared/auth';
import { okResponseSchema } from '@ecare/shared/errors';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/validate_sc: the agent's identifier and hashed code. */
export function validateAgent(username: string, password: string): Promise<ValidateScResponse> {
  return apiRequest('/api/validate_sc', { method: 'POST', json: { username, password }, schema: validateScResponseSchema });
}

/** GET /api/service-client/agent: who the agent token belongs to. */
export function fetchAgent(token: string): Promise<AgentUser> {
  return apiRequest('/api/service-client/agent', { schema: agentUserSchema, bearer: token });
}

/** POST /api/service-client/deconnexion. */
export async function logoutAgent(token: string): Promise<void> {
  await apiRequest('/api/service-client/deconnexion', { method: 'POST', schema: okResponseSchema, bearer: token });
}

/** POST /api/service-client/recherche (spec §3 "Billing account search form"). */
export function searchAccounts(token: string, search: { emailClient: string; numeroCompte: string }): Promise<AccountSearchResponse> {
  const json = search.emailClient ? { emailClient: search.emailClient } : { numeroCompte: search.numeroCompte };
  return apiRequest('/api/service-client/recherche', { method: 'POST', json, schema: accountSearchResponseSchema, bearer: token });
}

/** POST /api/service-client/connexion: a customer session for one account. */
export function connectClient(token: string, request: { idClientBscs: number; email: string; motif: string }): Promise<AgentConnectResponse> {
  return apiRequest('/api/service-client/connexion', { method: 'POST', json: request, schema: agentConnectResponseSchema, bearer: token });
}

/** POST /api/token with the composite identifier (spec §4, §9) and the reason. */
export function requestAgentToken(username: string, password: string, motif: string): Promise<TokenResponse> {
  return apiRequest('/api/token', {
    method: 'POST',
    form: { username, password, grant_type: 'password', captcha: '', ip: '', motif },
    schema: tokenResponseSchema,
  });
}
