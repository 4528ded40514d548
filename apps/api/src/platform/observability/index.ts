import { defineModule } from '../../core/module.ts';
import { observeDatabase } from '../../db/client.ts';
import { createMailRepository, unsentMail } from '../mail/index.ts';
import { metricsRoutes } from './metrics.routes.ts';

export { createMetrics, type Metrics, type WebhookOutcome } from './metrics.ts';
export { observedJobs, requestTagged, requestUntagged } from './observed-jobs.ts';
export { currentMetrics, currentRequestId, observeRequests, requestIdOf, withRequestId } from './request-context.ts';

/**
 * The instance's metrics (decision 063): GET /metrics when METRICS_TOKEN is set, and the sources
 * its gauges read at each scrape (the database pool, the outbox); the failed queries counted.
 * The request id and the work context are set up by app.ts (observeRequests), before any module.
 */
export const observabilityModule = defineModule('observability', async (app, core) => {
  const { metrics } = core;
  const database = observeDatabase(core.db);
  if (database) {
    const stop = database.onQueryError((error) => metrics.queryFailed(error));
    app.addHook('onClose', async () => stop());
  }
  const outbox = createMailRepository(core.db);
  metrics.readFrom({
    connections: () => database?.connections() ?? null,
    unsentMail: () => unsentMail(outbox, core.clock),
    now: () => core.clock.now(),
    failed: (source, error) => core.log.warn({ err: error, source }, 'metrics: a source could not be read'),
  });
  if (core.config.metricsToken) await metricsRoutes(app, metrics, core.config.metricsToken);
});
