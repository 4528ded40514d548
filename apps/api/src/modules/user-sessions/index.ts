import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { USER_SESSIONS_AUDIT_ACTIONS } from './user-sessions.audit.ts';
import { createUserSessionsRepository } from './user-sessions.repository.ts';
import { userSessionsRoutes } from './user-sessions.routes.ts';
import { createUserSessionsService } from './user-sessions.service.ts';

/** The user's own sessions (decision 055): listed, ended one by one or all but this one; a new device mailed. */
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
  },
  { dependencies: ['auth'], auditActions: USER_SESSIONS_AUDIT_ACTIONS },
);
