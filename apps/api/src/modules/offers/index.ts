import { defineModule } from '../../core/module.ts';
import { createOffersRepository } from './offers.repository.ts';
import { offersRoutes } from './offers.routes.ts';
import { createOffersService } from './offers.service.ts';

/** The plan catalogue (reference data), for labels on the line page and for the shop. */
export const offersModule = defineModule(
  'offers',
  async (app, core) => {
    await offersRoutes(app, createOffersService(createOffersRepository(core.db)));
  },
  { dependencies: ['auth'] },
);
