import { defineModule } from '../../core/module.ts';
import { DEMO_USAGE_FEED_JOB, scheduleDemoUsageFeed } from './usage-feed.demo.ts';
import { createUsageFeedRepository } from './usage-feed.repository.ts';
import { usageFeedRoutes } from './usage-feed.routes.ts';
import { createUsageFeedService } from './usage-feed.service.ts';

/** The usage feed: the operator's mediation system pushes each line's usage records as they happen (decision 045). */
export const usageFeedModule = defineModule('usage-feed', async (app, core) => {
  const repo = createUsageFeedRepository(core.db);
  const service = createUsageFeedService({ repo, transaction: core.transaction, clock: core.clock });
  await usageFeedRoutes(app, service, core.config.usageFeedToken);
  if (core.config.demoUsageFeed) await scheduleDemoUsageFeed(core.jobs, { repo, service, clock: core.clock, log: core.log });
  else await core.jobs.unschedule(DEMO_USAGE_FEED_JOB);
});
