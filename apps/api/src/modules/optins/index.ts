import { defineModule } from '../../core/module.ts';
import { OPTINS_AUDIT_ACTIONS } from './optins.audit.ts';
import { createOptinsRepository } from './optins.repository.ts';
import { optinsRoutes } from './optins.routes.ts';
import { createOptinsService } from './optins.service.ts';

/** Contact preferences (opt-ins) of the signed-in user and of the billing accounts they manage. */
export const optinsModule = defineModule(
  'optins',
  async (app, core) => {
    const service = createOptinsService({
      repo: createOptinsRepository(core.db),
      policy: core.policy,
      audit: core.audit,
      transaction: core.transaction,
      clock: core.clock,
    });
    await optinsRoutes(app, service);
  },
  { dependencies: ['auth'], auditActions: OPTINS_AUDIT_ACTIONS },
);
