import type { FastifyBaseLogger } from 'fastify';
import { serviceCore } from '../../core/core.ts';
import type { Jobs } from '../../core/jobs.ts';
import { defineModule } from '../../core/module.ts';
import { TARIFF_CHANGE_AUDIT_ACTIONS } from './tariff-change.audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { createTariffChangeRepository } from './tariff-change.repository.ts';
import { tariffChangeRoutes } from './tariff-change.routes.ts';
import { createTariffChangeService, type TariffChangeService } from './tariff-change.service.ts';

/** What other modules may use of the tariff change. */
export interface TariffChangeModule {
  /** A line's change and its cancellation one row at a time (check, then apply in a transaction), for bulk actions. */
  rows: TariffChangeService['rows'];
}

declare module 'fastify' {
  interface FastifyInstance {
    tariffChange: TariffChangeModule;
  }
}

export type { CheckedTariffCancel, CheckedTariffChange, TariffChangeChoice } from './tariff-change.rules.ts';

export const TARIFF_CHANGE_JOB = 'tariff-change-due';
/** Every hour at minute 10 (UTC): a change applies in the first hour of its effective day in France, whatever the season. */
export const TARIFF_CHANGE_CRON = '10 * * * *';

/** Schedules the application of the changes whose effective date has come, with the clock's time. */
export function scheduleTariffChanges(jobs: Jobs, service: Pick<TariffChangeService, 'runDue'>, clock: Clock, log: FastifyBaseLogger): Promise<void> {
  return jobs.schedule(TARIFF_CHANGE_JOB, TARIFF_CHANGE_CRON, async () => {
    const applied = await service.runDue(clock.now());
    if (applied > 0) log.info({ applied }, 'tariff changes applied on their effective date');
  });
}

/**
 * Tariff change of a line (decision 037): target plans, effective dates, the DR14 choice, the
 * block check, recording and cancellation, the recap PDF, and the hourly job applying due changes.
 */
export const tariffChangeModule = defineModule(
  'tariff-change',
  async (app, core) => {
    const service = createTariffChangeService({ repo: createTariffChangeRepository(core.db), unpaid: app.unpaid, ...serviceCore(core) });
    app.decorate('tariffChange', { rows: service.rows } satisfies TariffChangeModule);
    await tariffChangeRoutes(app, service);
    await scheduleTariffChanges(core.jobs, service, core.clock, core.log);
  },
  { dependencies: ['auth', 'unpaid'], auditActions: TARIFF_CHANGE_AUDIT_ACTIONS },
);
