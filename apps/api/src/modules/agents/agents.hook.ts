import type { FastifyRequest } from 'fastify';
import { fail } from '../../lib/errors.ts';
import { bearerToken } from '../../lib/tokens.ts';
import type { AgentCaller, AgentsService } from './agents.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The agent of an agent-session bearer (agent endpoints only). */
    agentAuth: AgentCaller | null;
  }
}

/** onRequest hook of the agent endpoints: a valid agent session (agent_sessions) or 401. */
export function createAuthenticateAgent(service: AgentsService) {
  return async function authenticateAgent(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw fail('AGENT_UNAUTHENTICATED');
    request.agentAuth = await service.authenticate(token);
  };
}

/** The signed-in agent; only valid behind the agent hook. */
export function agentCaller(request: FastifyRequest): AgentCaller {
  if (!request.agentAuth) throw fail('AGENT_UNAUTHENTICATED');
  return request.agentAuth;
}
