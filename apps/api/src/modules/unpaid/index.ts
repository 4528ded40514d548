import { defineModule } from '../../core/module.ts';
import { createUnpaidRepository } from './unpaid.repository.ts';
import { unpaidRoutes } from './unpaid.routes.ts';
import { createUnpaidService, type UnpaidService } from './unpaid.service.ts';

/** What other modules may use: the check of a journey's server side (new phone, plan change, added line). */
export interface UnpaidModule {
  verdictFor: UnpaidService['verdictFor'];
}

declare module 'fastify' {
  interface FastifyInstance {
    unpaid: UnpaidModule;
  }
}

/** The unpaid-balance check run before the journeys that sell something (decision 028). */
export const unpaidModule = defineModule(
  'unpaid',
  async (app, core) => {
    const service = createUnpaidService({ repo: createUnpaidRepository(core.db), policy: core.policy, limits: core.limits, clock: core.clock });
    app.decorate('unpaid', { verdictFor: service.verdictFor } satisfies UnpaidModule);
    await unpaidRoutes(app, service);
  },
  { dependencies: ['auth'] },
);
