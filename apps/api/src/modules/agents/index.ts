import { defineModule } from '../../core/module.ts';
import { AGENTS_AUDIT_ACTIONS } from './agents.audit.ts';
import { createAuthenticateAgent } from './agents.hook.ts';
import { createAgentsRepository } from './agents.repository.ts';
import { agentsRoutes } from './agents.routes.ts';
import { createAgentsService } from './agents.service.ts';
import { createGaiaClient } from './gaia.ts';
import { createSealer } from './sso-seal.ts';
import { createSsoRepository } from './sso.repository.ts';
import { ssoRoutes } from './sso.routes.ts';
import { createSsoService } from './sso.service.ts';

export type { AgentCaller } from './agents.service.ts';

/**
 * Agent mode (decision 032): customer-service agents sign in with their own, shorter sessions,
 * find a customer and connect to one of their billing accounts for a stated reason; the
 * composite login of POST /api/token lands on the same customer session. Agents may also enter by
 * single sign-on: Gaia or a signed one-click URL (decision 034).
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
      secondStep: (target) => app.auth.agentChallenge(target),
    });
    app.decorateRequest('agentAuth', null);
    app.auth.useAgentLogin({ login: service.compositeLogin, complete: service.completeCompositeLogin });
    const authenticateAgent = createAuthenticateAgent(service);
    await agentsRoutes(app, { service, authenticateAgent, limits: core.limits });
    // Single sign-on entries: Gaia (OpenID Connect) and signed one-click URLs (decision 034).
    const { config } = core;
    if (config.gaia && !config.ssoOneclic.secretConfigured && config.env === 'production') {
      // The secret also seals the Gaia sign-in's pending checks and the SSO assertion (decision 066).
      core.log.warn('SSO_ONECLIC_SECRET is not set: a Gaia sign-in works only when the same process answers its start and its return, and is lost when it restarts');
    }
    await ssoRoutes(app, {
      service: createSsoService({ repo: createSsoRepository(core.db), agents: service, clock: core.clock, limits: core.limits, audit: core.audit }),
      authenticateAgent,
      assertions: createSealer(config.ssoOneclic.secret, 'assertion'),
      pending: createSealer(config.ssoOneclic.secret, 'gaia-pending'),
      gaia: config.gaia ? createGaiaClient({ ...config.gaia, redirectUri: `${config.publicUrl}/api/gaia/retour` }) : null,
      oneclicSecret: config.ssoOneclic.secret,
      clock: core.clock,
      cookieSecure: config.cookieSecure,
      publicUrl: config.publicUrl,
      devTools: config.devTools,
    });
  },
  { dependencies: ['auth'], auditActions: AGENTS_AUDIT_ACTIONS },
);
