import { defineModule } from '../../core/module.ts';
import { createUsageFeedRepository } from './usage-feed.repository.ts';
import { usageFeedRoutes } from './usage-feed.routes.ts';
import { createUsageFeedService } from './usage-feed.service.ts';

/** The usage feed: the operator's mediation system pushes each line's usage records as they happen (decision 045). */
export const usageFeedModule = defineModule('usage-feed', async (app, core) => {
  const service = createUsageFeedService({ repo: createUsageFeedRepository(core.db), transaction: core.transaction, clock: core.clock });
  await usageFeedRoutes(app, service, core.config.usageFeedToken);
});
