import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { createSecurityActivityRepository } from './security-activity.repository.ts';
import { securityActivityRoutes } from './security-activity.routes.ts';
import { createSecurityActivityService } from './security-activity.service.ts';
import { USER_SESSIONS_AUDIT_ACTIONS } from './user-sessions.audit.ts';
import { createUserSessionsRepository } from './user-sessions.repository.ts';
import { userSessionsRoutes } from './user-sessions.routes.ts';
import { createUserSessionsService } from './user-sessions.service.ts';

/**
 * The user's own sessions (decision 055): listed, ended one by one or all but this one; a new
 * device mailed. Their sign-ins and security changes of the last 90 days (decision 058).
 */
export const userSessionsModule = defineModule(
  'user-sessions',
  async (app, core) => {
    const service = createUserSessionsService({
      ...serviceCore(core),
      repo: createUserSessionsRepository(core.db),
      auth: app.auth,
      log: core.log,
      idleMs: core.config.sessionIdleMs,
    });
    app.auth.onSignIn(service.signedIn);
    await userSessionsRoutes(app, service);
    // The recent sign-ins and security changes (decision 058): every sign-in audited, then listed.
    const activity = createSecurityActivityService({ ...serviceCore(core), repo: createSecurityActivityRepository(core.db), log: core.log });
    app.auth.onSignIn(activity.signedIn);
    await securityActivityRoutes(app, activity);
  },
  { dependencies: ['auth'], auditActions: USER_SESSIONS_AUDIT_ACTIONS },
);
