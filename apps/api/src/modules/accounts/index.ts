import { defineModule } from '../../core/module.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { createAccountsService, type AccountsService } from './accounts.service.ts';

/** What other modules may use of billing accounts. */
export interface AccountsModule {
  /** The account with the caller's managing link, or FORBIDDEN_ACCOUNT. */
  get: AccountsService['get'];
  /** Drops this instance's copy of a user's account list (after a change to their accounts). */
  forget: AccountsService['forget'];
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsModule;
  }
}

/** Billing accounts of the signed-in user. */
export const accountsModule = defineModule(
  'accounts',
  async (app, core) => {
    const service = createAccountsService(createAccountsRepository(core.db), { clock: core.clock, cacheMs: core.config.readCacheMs });
    app.decorate('accounts', { get: service.get, forget: service.forget } satisfies AccountsModule);
    await accountsRoutes(app, service);
  },
  { dependencies: ['auth'] },
);
