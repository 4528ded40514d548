import { defineModule } from '../../core/module.ts';
import { ACCOUNT_USERS_AUDIT_ACTIONS } from './account-users.audit.ts';
import { createAccountUsersRepository } from './account-users.repository.ts';
import { accountUsersRoutes } from './account-users.routes.ts';
import { createAccountUsersService } from './account-users.service.ts';

/** The people of a billing account (managers and line users), managed by its managers. */
export const accountUsersModule = defineModule(
  'account-users',
  async (app, core) => {
    const service = createAccountUsersService({
      repo: createAccountUsersRepository(core.db),
      policy: core.policy,
      audit: core.audit,
      transaction: core.transaction,
      mailFirstCodeLink: app.password.mailFirstCodeLink,
      revokeUserSessions: app.auth.revokeUserSessions,
      brandName: core.config.brandName,
    });
    await accountUsersRoutes(app, service);
  },
  { dependencies: ['auth', 'password'], auditActions: ACCOUNT_USERS_AUDIT_ACTIONS },
);
