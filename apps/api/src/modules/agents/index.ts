import { defineModule } from '../../core/module.ts';
import { createAuthenticateAgent } from './agents.hook.ts';
import { createAgentsRepository } from './agents.repository.ts';
import { agentsRoutes } from './agents.routes.ts';
import { createAgentsService } from './agents.service.ts';

export type { AgentCaller } from './agents.service.ts';

/**
 * Agent mode (decision 032): customer-service agents sign in with their own, shorter sessions,
 * find a customer and connect to one of their billing accounts for a stated reason; the
 * composite login of POST /api/token lands on the same customer session.
 */
export const agentsModule = defineModule(
  'agents',
  async (app, core) => {
    const service = createAgentsService({
      repo: createAgentsRepository(core.db),
      clock: core.clock,
      limits: core.limits,
      policy: core.policy,
      audit: core.audit,
      mail: core.mail,
      transaction: core.transaction,
      session: { idleMs: core.config.agentSessionIdleMs, maxMs: core.config.agentSessionMaxMs },
      brandName: core.config.brandName,
      publicUrl: core.config.publicUrl,
    });
    app.decorateRequest('agentAuth', null);
    app.auth.useAgentLogin(service.compositeLogin);
    await agentsRoutes(app, { service, authenticateAgent: createAuthenticateAgent(service), limits: core.limits });
  },
  { dependencies: ['auth'] },
);
