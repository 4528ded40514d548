import { defineModule } from '../../core/module.ts';
import { createFaqRepository } from './faq.repository.ts';
import { faqRoutes } from './faq.routes.ts';
import { createFaqService } from './faq.service.ts';

/** The FAQ: themes, questions, most consulted, French full-text search and statistics (public). */
export const faqModule = defineModule(
  'faq',
  async (app, core) => {
    const service = createFaqService({
      repo: createFaqRepository(core.db),
      transaction: core.transaction,
      limits: core.limits,
      clock: core.clock,
      brandName: core.config.brandName,
    });
    await faqRoutes(app, service);
  },
  { dependencies: ['auth'] },
);
