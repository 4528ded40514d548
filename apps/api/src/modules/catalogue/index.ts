import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { offlineAddressBase } from '../../lib/addresses/address-base.ts';
import { offlinePlaces } from '../../lib/addresses/commune-positions.ts';
import { createCatalogueRepository } from './catalogue.repository.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { createCatalogueService } from './catalogue.service.ts';

/**
 * The shop's catalogue (issue 12, decision 035): phones, plans and plan-change targets, mobile
 * price by query, options by family, accessories, insurances, promotions and promo codes,
 * non-working days and points of sale.
 */
export const catalogueModule = defineModule(
  'catalogue',
  async (app, core) => {
    const places = offlinePlaces(offlineAddressBase());
    await catalogueRoutes(app, createCatalogueService({ repo: createCatalogueRepository(core.db), places, ...serviceCore(core) }));
  },
  { dependencies: ['auth'] },
);
