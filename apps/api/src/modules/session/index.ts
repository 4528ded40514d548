import { defineModule } from '../../core/module.ts';
import { sessionRoutes } from './session.routes.ts';
import { createSessionService } from './session.service.ts';

/** Session data after a reload: the chosen billing account and line, confirmed. */
export const sessionModule = defineModule(
  'session',
  async (app, core) => {
    await sessionRoutes(app, createSessionService({ policy: core.policy, auth: app.auth, accounts: app.accounts, lines: app.lines }));
  },
  { dependencies: ['auth', 'accounts', 'lines'] },
);
