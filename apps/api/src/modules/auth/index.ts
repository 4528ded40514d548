import { defineModule } from '../../core/module.ts';
import { AUTH_AUDIT_ACTIONS } from './auth.audit.ts';
import { createAuthenticate } from './auth.hook.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { createBackgroundTasks } from './background.ts';
import { createLoginProtection } from './login-protection.ts';
import { unlockRoutes } from './unlock.routes.ts';
import { agentScopeHooks } from './agent-scope.ts';

export { actorOf, caller, type Caller, type RequestActor } from './auth.hook.ts';
export { sendOAuthError } from './auth.routes.ts';
export type { AuthUser } from './auth.repository.ts';
export type { SignIn } from './auth.service.ts';
export type { AgentTarget, PasskeyLogin, SecondFactor, SecondStepResult } from './auth.service.ts';

/** What other modules may use of authentication. */
export interface AuthModule {
  /** onRequest hook of every protected route: a valid bearer session or 401. */
  authenticate: ReturnType<typeof createAuthenticate>;
  currentUser: AuthService['currentUser'];
  revokeUserSessions: AuthService['revokeUserSessions'];
  /** Drops this instance's cached reads of sessions ended elsewhere in the code (the user's own sessions, decision 055). */
  forgetSessions: AuthService['forgetSessions'];
  /** Follows customers' sign-ins with their code (the new-device mail, decision 055). */
  onSignIn: AuthService['onSignIn'];
  /** The agents module takes the composite logins (`CODE_REGATE :…`) of POST /api/token (decision 032). */
  useAgentLogin: AuthService['useAgentLogin'];
  /** The second step of an agent's composite login, asked by the agents module (decision 057). */
  agentChallenge: AuthService['agentChallenge'];
  /** The security module takes the second step of sign-ins (decision 054). */
  useSecondFactor: AuthService['useSecondFactor'];
  /** The security module takes the sign-ins with a passkey alone (`grant_type=passkey`, decision 056). */
  usePasskeyLogin: AuthService['usePasskeyLogin'];
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthModule;
  }
}

/** Login, sessions and the current user; the unlock links of identifiers under attack. */
export const authModule = defineModule('auth', async (app, core) => {
  const repo = createAuthRepository(core.db);
  const tasks = createBackgroundTasks(core.log);
  app.addHook('onClose', tasks.settle);
  const protection = createLoginProtection({
    repo,
    limits: core.limits,
    mail: core.mail,
    transaction: core.transaction,
    clock: core.clock,
    tasks,
    brandName: core.config.brandName,
    publicUrl: core.config.publicUrl,
  });
  const service = createAuthService(
    repo,
    core.clock,
    {
      idleMs: core.config.sessionIdleMs,
      maxMs: core.config.sessionMaxMs,
      cacheMs: core.config.sessionCacheMs,
      agentIdleMs: core.config.agentSessionIdleMs,
    },
    { limits: core.limits, captcha: core.captcha, protection },
  );
  const authenticate = createAuthenticate(service);
  app.decorateRequest('auth', null);
  app.decorate('auth', {
    authenticate,
    currentUser: service.currentUser,
    revokeUserSessions: service.revokeUserSessions,
    forgetSessions: service.forgetSessions,
    onSignIn: service.onSignIn,
    useAgentLogin: service.useAgentLogin,
    agentChallenge: service.agentChallenge,
    useSecondFactor: service.useSecondFactor,
    usePasskeyLogin: service.usePasskeyLogin,
  } satisfies AuthModule);
  agentScopeHooks(app, core.audit, core.log);
  await authRoutes(app, { service, authenticate, limits: core.limits, metrics: core.metrics });
  await unlockRoutes(app, { protection, limits: core.limits, secureCookie: core.config.cookieSecure });
}, { auditActions: AUTH_AUDIT_ACTIONS });
