import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { createAddLineRepository } from './add-line.repository.ts';
import { offlineAddressBase } from './address-base.ts';
import { addLineRoutes } from './add-line.routes.ts';
import { createAddLineService } from './add-line.service.ts';

/** Adding lines (decision 038): the cart of new lines of a billing account, their numbers and prices. */
export const addLineModule = defineModule(
  'add-line',
  async (app, core) => {
    const service = createAddLineService({
      repo: createAddLineRepository(core.db),
      addressBase: offlineAddressBase(),
      orders: app.orders,
      unpaid: app.unpaid,
      ...serviceCore(core),
    });
    await addLineRoutes(app, service);
  },
  { dependencies: ['auth', 'orders', 'unpaid'] },
);
