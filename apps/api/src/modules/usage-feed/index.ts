import { defineModule } from '../../core/module.ts';
import { DEMO_USAGE_FEED_JOB, scheduleDemoUsageFeed } from './usage-feed.demo.ts';
import { createUsageFeedRepository } from './usage-feed.repository.ts';
import { usageFeedRoutes } from './usage-feed.routes.ts';
import { createUsageFeedService, type CountedListener } from './usage-feed.service.ts';

export type { CountedListener } from './usage-feed.service.ts';
export type { UsageDayIncrement } from './usage-feed.repository.ts';
/** The records counted, which the bill-shock guard reads for its last 24 hours. */
export { usageEvents } from './usage-feed.schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What other modules may hook on the usage feed. */
    usageFeed: {
      /** Runs `listener` in the transaction of every batch that counted records, with the days it added to. */
      onCounted(listener: CountedListener): void;
    };
  }
}

/** Each night, the records too old to be sent again are forgotten (their days stay). */
export const FORGET_OLD_RECORDS_JOB = 'usage-feed.forget-old-records';

/** The usage feed: the operator's mediation system pushes each line's usage records as they happen (decision 045). */
export const usageFeedModule = defineModule('usage-feed', async (app, core) => {
  const listeners: CountedListener[] = [];
  const repo = createUsageFeedRepository(core.db);
  const service = createUsageFeedService({ repo, transaction: core.transaction, clock: core.clock, listeners });
  app.decorate('usageFeed', { onCounted: (listener: CountedListener) => void listeners.push(listener) });
  await usageFeedRoutes(app, service, core.config.usageFeedToken);
  await core.jobs.schedule(FORGET_OLD_RECORDS_JOB, '40 3 * * *', async () => void (await service.forgetOldRecords()));
  if (core.config.demoUsageFeed) await scheduleDemoUsageFeed(core.jobs, { repo, service, clock: core.clock, log: core.log });
  else await core.jobs.unschedule(DEMO_USAGE_FEED_JOB);
});
