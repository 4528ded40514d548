import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Audit } from '../../core/audit.ts';
import type { ModuleApp } from '../../core/module.ts';
import { runAsAgent } from '../../policy/acting-agent.ts';

/** Writes that describe themselves: leaving the customer is no change to their account. */
const NOT_A_CHANGE = new Set(['/api/sessions/SessionData/Logout']);

/**
 * Agent mode on every route (decision 032). Behind the authenticate hook, a request made
 * through an agent's customer session runs as the agent's (policy/acting-agent.ts): the access
 * policy keeps it to the bound account and the audit log names the agent. A write that recorded
 * no audit entry of its own still leaves one (ACTION_AGENT with the route), so that every change
 * an agent makes is in the log with the reason.
 */
export function agentScopeHooks(app: ModuleApp, audit: Audit, log: FastifyBaseLogger): void {
  const scopes = new WeakMap<FastifyRequest, { recorded: number }>();

  // preHandler, after the body is read: the handler runs inside the scope (callback style).
  app.addHook('preHandler', (request, _reply, done) => {
    const agent = request.auth?.agent;
    if (!agent) {
      done();
      return;
    }
    const { scope } = runAsAgent(agent, () => done());
    scopes.set(request, scope);
  });

  // onSend, before the answer leaves: the entry exists by the time the agent sees the result.
  app.addHook('onSend', async (request, reply, payload) => {
    const scope = scopes.get(request);
    const agent = request.auth?.agent;
    if (!scope || !agent || scope.recorded > 0 || reply.statusCode >= 400) return payload;
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    const route = request.routeOptions.url ?? request.url;
    if (NOT_A_CHANGE.has(route)) return payload;
    scope.recorded += 1;
    try {
      await audit.record({
        userId: agent.agentId,
        onBehalfOf: agent.customerUserId,
        action: 'ACTION_AGENT',
        idClientBscs: agent.idClientBscs,
        sourceAddress: request.ip,
        details: { motif: agent.motif, requete: `${request.method} ${route}` },
      });
    } catch (error) {
      log.error({ err: error, route }, 'audit of an agent write failed');
    }
    return payload;
  });
}
