import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { USAGE_ALERTS_AUDIT_ACTIONS } from './usage-alerts.audit.ts';
import { createUsageAlertsMails } from './usage-alerts.mails.ts';
import { createUsageAlertsRepository } from './usage-alerts.repository.ts';
import { usageAlertsRoutes } from './usage-alerts.routes.ts';
import { createUsageAlertsService, EVALUATE_QUEUE, mergeEvaluations, type EvaluateJob, type UsageAlertsService } from './usage-alerts.service.ts';

/** What other modules may use of the guard. */
export interface UsageAlertsModule {
  /** The data freeze and lift one line at a time (check, then apply in a transaction), for bulk actions. */
  rows: UsageAlertsService['rows'];
}

declare module 'fastify' {
  interface FastifyInstance {
    usageAlerts: UsageAlertsModule;
  }
}

/** The web app's page of an account's alerts and thresholds, which the e-mails link to. */
const ALERTS_PAGE = '/mon-compte/alertes';
/** How often the freezes of a period that has ended are lifted (and said so). */
const END_FREEZES_CRON = '*/5 * * * *';

/**
 * The bill-shock guard (decision 047): thresholds per account and line, the alerts the usage
 * feed's records raise (evaluated after each batch commits), their e-mails, the data freeze.
 */
export const usageAlertsModule = defineModule(
  'usage-alerts',
  async (app, core) => {
    const base = serviceCore(core);
    const service = createUsageAlertsService({
      ...base,
      repo: createUsageAlertsRepository(core.db),
      jobs: core.jobs,
      mails: createUsageAlertsMails({ mail: core.mail, brandName: base.brandName, publicUrl: base.publicUrl, alertsPath: ALERTS_PAGE }),
      webhooks: app.webhooks,
    });
    app.decorate('usageAlerts', { rows: service.rows } satisfies UsageAlertsModule);
    // A busy feed queues a job per batch, several a second: the jobs waiting are evaluated
    // together, each line once (an evaluation may run twice: its alerts are recorded once).
    await core.jobs.workBatch<EvaluateJob>(EVALUATE_QUEUE, async (jobs) => void (await service.evaluate(mergeEvaluations(jobs))), {
      retryLimit: 5,
      retryDelaySeconds: 5,
      retryBackoff: true,
      batchSize: 50,
    });
    await core.jobs.schedule('usage-alerts.end-freezes', END_FREEZES_CRON, async () => void (await service.endPastFreezes()));
    app.usageFeed.onCounted((tx, days) => service.queueEvaluation(tx, days));
    await usageAlertsRoutes(app, service);
  },
  { dependencies: ['auth', 'usage-feed', 'webhooks'], auditActions: USAGE_ALERTS_AUDIT_ACTIONS },
);
