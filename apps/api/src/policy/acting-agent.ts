import { AsyncLocalStorage } from 'node:async_hooks';
import { fail } from '../lib/errors.ts';

/**
 * A customer session opened by a customer-service agent (decision 032): who the agent is, why
 * they connected, and the one billing account the session may reach.
 */
export interface ActingAgent {
  agentId: number;
  loginSc: string;
  nomSc: string;
  /** Counter staff of a point of sale (BDP) or remote customer service. */
  profil: 'BDP' | 'SERVICE_CLIENT_DISTANCE';
  motif: string;
  /** The one billing account the session may reach, whatever else the customer manages. */
  idClientBscs: number;
  /** The customer user the agent acts for (the session's user). */
  customerUserId: number;
}

interface AgentScope {
  agent: ActingAgent;
  /** Audit entries recorded during the request: a write with none gets a generic one. */
  recorded: number;
}

const scope = new AsyncLocalStorage<AgentScope>();

/**
 * Runs the rest of a request as the agent's: the access policy keeps it to the bound account and
 * the audit log records the agent with the customer (core/audit.ts), wherever the request goes,
 * without every module having to pass the agent along.
 */
export function runAsAgent<T>(agent: ActingAgent, work: () => T): { result: T; scope: AgentScope } {
  const state: AgentScope = { agent, recorded: 0 };
  return { result: scope.run(state, work), scope: state };
}

/** The agent the current request acts through, if any. */
export function actingAgent(): ActingAgent | undefined {
  return scope.getStore()?.agent;
}

/** Counts an audit entry of the current agent request. */
export function noteAgentAudit(): void {
  const state = scope.getStore();
  if (state) state.recorded += 1;
}

/**
 * Refuses a request made through an agent's customer session (AGENT_FORBIDDEN, 403), for what
 * only the customer may do; `caller` is the authenticated request's (`caller(request)`), so it
 * works in onRequest hooks too.
 */
export function assertNotAgent(caller: { agent: ActingAgent | null }): void {
  if (caller.agent) throw fail('AGENT_FORBIDDEN');
}
