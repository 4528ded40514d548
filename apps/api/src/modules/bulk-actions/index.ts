import fastifyMultipart from '@fastify/multipart';
import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { BULK_ACTIONS_AUDIT_ACTIONS } from './bulk-actions.audit.ts';
import { createBulkActionsMails } from './bulk-actions.mails.ts';
import { createBulkActionsRepository } from './bulk-actions.repository.ts';
import { bulkActionsRoutes } from './bulk-actions.routes.ts';
import { BULK_QUEUE, BULK_RUN_EXPIRY_SECONDS, createBulkActionsService, type BulkActionsService, type BulkRunJob } from './bulk-actions.service.ts';

/** What other modules (and the tests) may use of bulk actions. */
export interface BulkActionsModule {
  /** One chunk of a job, as the worker runs them: whether rows remain. */
  runChunk: BulkActionsService['runChunk'];
}

declare module 'fastify' {
  interface FastifyInstance {
    bulkActions: BulkActionsModule;
  }
}

/**
 * Bulk actions on the lines of an account (decision 050): a dry run, or a job on the queue done
 * in chunks, each row through its single action's rules, with the job centre's reads, cancel and
 * undo.
 */
export const bulkActionsModule = defineModule(
  'bulk-actions',
  async (app, core) => {
    const base = serviceCore(core);
    let stopping = false;
    app.addHook('onClose', async () => {
      stopping = true;
    });
    const service = createBulkActionsService({
      ...base,
      repo: createBulkActionsRepository(core.db),
      jobs: core.jobs,
      mails: createBulkActionsMails({ mail: core.mail, brandName: base.brandName, publicUrl: base.publicUrl }),
      services: { lines: app.lines, usageAlerts: app.usageAlerts, costCentres: app.costCentres, tariffChange: app.tariffChange },
      chunkSize: core.config.bulkActionsChunk,
      runSeconds: core.config.bulkActionsRunSeconds,
      stopping: () => stopping,
      webhooks: app.webhooks,
    });
    app.decorate('bulkActions', { runChunk: service.runChunk } satisfies BulkActionsModule);
    // A job interrupted (a stop, a crash) is retried: it resumes with the rows not done yet.
    await core.jobs.work<BulkRunJob>(BULK_QUEUE, (job) => service.run(job.idTraitement), {
      retryLimit: 10,
      retryDelaySeconds: 5,
      retryBackoff: true,
      expireInSeconds: BULK_RUN_EXPIRY_SECONDS,
    });
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart);
      await bulkActionsRoutes(scope, service);
    });
  },
  { dependencies: ['auth', 'lines', 'usage-alerts', 'cost-centres', 'tariff-change', 'webhooks'], auditActions: BULK_ACTIONS_AUDIT_ACTIONS },
);
