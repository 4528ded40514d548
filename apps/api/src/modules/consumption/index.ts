import { defineModule } from '../../core/module.ts';
import { createConsumptionRepository } from './consumption.repository.ts';
import { consumptionRoutes } from './consumption.routes.ts';
import { createConsumptionService } from './consumption.service.ts';

/** Consumption of a mobile line per billing period (voice, SMS, data, out-of-bundle charges). */
export const consumptionModule = defineModule(
  'consumption',
  async (app, core) => {
    const service = createConsumptionService({ repo: createConsumptionRepository(core.reads), policy: core.policy, clock: core.clock });
    await consumptionRoutes(app, service);
  },
  { dependencies: ['auth'] },
);
