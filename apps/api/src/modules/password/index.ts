import { defineModule } from '../../core/module.ts';
import { PASSWORD_AUDIT_ACTIONS } from './password.audit.ts';
import { createPasswordRepository } from './password.repository.ts';
import { passwordRoutes } from './password.routes.ts';
import { createPasswordService, type PasswordService } from './password.service.ts';

export { NO_CODE_HASH } from './password.service.ts';

/** What other modules may use of the confidential code life cycle. */
export interface PasswordModule {
  /**
   * Mails a user created without a code (stored hash NO_CODE_HASH) the link that creates it, in
   * the caller's transaction; the caller words the mail around the link.
   */
  mailFirstCodeLink: PasswordService['mailFirstCodeLink'];
}

declare module 'fastify' {
  interface FastifyInstance {
    password: PasswordModule;
  }
}

/** Confidential code life cycle: forgotten code, creation from an e-mailed link, change. */
export const passwordModule = defineModule(
  'password',
  async (app, core) => {
    const service = createPasswordService({
      repo: createPasswordRepository(core.db),
      transaction: core.transaction,
      audit: core.audit,
      mail: core.mail,
      captcha: core.captcha,
      limits: core.limits,
      clock: core.clock,
      revokeUserSessions: app.auth.revokeUserSessions,
      brandName: core.config.brandName,
      publicUrl: core.config.publicUrl,
      linkValidityMs: core.config.linkValidityMs,
    });
    app.decorate('password', { mailFirstCodeLink: service.mailFirstCodeLink } satisfies PasswordModule);
    await passwordRoutes(app, { service, limits: core.limits });
  },
  { dependencies: ['auth'], auditActions: PASSWORD_AUDIT_ACTIONS },
);
