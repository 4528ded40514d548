import { defineModule } from '../../core/module.ts';
import { createPasswordRepository } from './password.repository.ts';
import { passwordRoutes } from './password.routes.ts';
import { createPasswordService } from './password.service.ts';

/** Confidential code life cycle: forgotten code, creation from an e-mailed link, change. */
export const passwordModule = defineModule(
  'password',
  async (app, core) => {
    const service = createPasswordService({
      repo: createPasswordRepository(core.db),
      transaction: core.transaction,
      mail: core.mail,
      captcha: core.captcha,
      limits: core.limits,
      clock: core.clock,
      revokeUserSessions: app.auth.revokeUserSessions,
      brandName: core.config.brandName,
      publicUrl: core.config.publicUrl,
      linkValidityMs: core.config.linkValidityMs,
    });
    await passwordRoutes(app, { service, limits: core.limits });
  },
  { dependencies: ['auth'] },
);
