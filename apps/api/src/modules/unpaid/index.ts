import { defineModule } from '../../core/module.ts';
import { createUnpaidRepository } from './unpaid.repository.ts';
import { unpaidRoutes } from './unpaid.routes.ts';
import { createUnpaidService } from './unpaid.service.ts';

/** The unpaid-balance check run before the journeys that sell something (decision 028). */
export const unpaidModule = defineModule(
  'unpaid',
  async (app, core) => {
    const service = createUnpaidService({ repo: createUnpaidRepository(core.db), policy: core.policy, limits: core.limits, clock: core.clock });
    await unpaidRoutes(app, service);
  },
  { dependencies: ['auth'] },
);
