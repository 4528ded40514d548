import { defineModule } from '../../core/module.ts';
import { EMAIL_CHANGE_AUDIT_ACTIONS } from './email-change.audit.ts';
import { createEmailChangeRepository } from './email-change.repository.ts';
import { emailChangeRoutes } from './email-change.routes.ts';
import { createEmailChangeService } from './email-change.service.ts';

/** Change of the login e-mail, confirmed by the new address and revocable by the old one. */
export const emailChangeModule = defineModule(
  'email-change',
  async (app, core) => {
    const service = createEmailChangeService({
      repo: createEmailChangeRepository(core.db),
      transaction: core.transaction,
      audit: core.audit,
      mail: core.mail,
      clock: core.clock,
      limits: core.limits,
      revokeUserSessions: app.auth.revokeUserSessions,
      brandName: core.config.brandName,
      publicUrl: core.config.publicUrl,
      linkValidityMs: core.config.linkValidityMs,
    });
    await emailChangeRoutes(app, { service, limits: core.limits });
  },
  { dependencies: ['auth'], auditActions: EMAIL_CHANGE_AUDIT_ACTIONS },
);
