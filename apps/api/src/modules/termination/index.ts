import { serviceCore } from '../../core/core.ts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../core/jobs.ts';
import { defineModule } from '../../core/module.ts';
import { TERMINATION_AUDIT_ACTIONS } from './termination.audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { createTerminationRepository } from './termination.repository.ts';
import { terminationRoutes } from './termination.routes.ts';
import { createTerminationService, type TerminationService } from './termination.service.ts';

export const TERMINATION_JOB = 'termination-due';
/** Every hour at minute 5 (UTC): a line ends in the first hour of its effective day in France, whatever the season. */
export const TERMINATION_CRON = '5 * * * *';

/** Schedules the end of the lines whose termination takes effect, with the clock's time. */
export function scheduleTerminations(jobs: Jobs, service: Pick<TerminationService, 'runDue'>, clock: Clock, log: FastifyBaseLogger): Promise<void> {
  return jobs.schedule(TERMINATION_JOB, TERMINATION_CRON, async () => {
    const ended = await service.runDue(clock.now());
    if (ended > 0) log.info({ ended }, 'lines terminated on their effective date');
  });
}

/**
 * Termination of a line (decision 031): reasons, commitment and fees, proofs, the request and its
 * cancellation, and the hourly job that ends lines on their effective date.
 */
export const terminationModule = defineModule(
  'termination',
  async (app, core) => {
    const store = core.files.termination;
    const service = createTerminationService({
      repo: createTerminationRepository(core.db),
      store,
      ...serviceCore(core),
      webhooks: app.webhooks,
    });
    // The multipart parser in a scope of its own: only the upload and delete accept such bodies.
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart);
      await terminationRoutes(scope, { service, store });
    });
    await scheduleTerminations(core.jobs, service, core.clock, core.log);
  },
  { dependencies: ['auth', 'webhooks'], auditActions: TERMINATION_AUDIT_ACTIONS },
);
