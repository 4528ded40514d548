import { defineModule } from '../../core/module.ts';
import { COST_CENTRES_AUDIT_ACTIONS } from './cost-centres.audit.ts';
import { createCostCentresRepository } from './cost-centres.repository.ts';
import { costCentresRoutes } from './cost-centres.routes.ts';
import { createCostCentresService, type CostCentresService } from './cost-centres.service.ts';

/** What other modules may use of cost centres. */
export interface CostCentresModule {
  /** A line's centre and labels changed one row at a time (check, then apply in a transaction), for bulk actions. */
  rows: CostCentresService['rows'];
}

declare module 'fastify' {
  interface FastifyInstance {
    costCentres: CostCentresModule;
  }
}

/**
 * The one rule of a line's centre and labels, for other modules to apply row by row in their
 * own transaction (a bulk action on a selection): see cost-centres.rows.ts.
 */
export { applyLineCentre, applyLineLabels, type LabelsChange, type LineRowOutcome, type LineRowRefusal, type LineTarget } from './cost-centres.rows.ts';

/** Cost centres of a billing account, and the centre and labels of each line (decision 048). */
export const costCentresModule = defineModule(
  'cost-centres',
  async (app, core) => {
    const { policy, audit, transaction, clock } = core;
    const service = createCostCentresService({ repo: createCostCentresRepository(core.db), policy, audit, transaction, clock });
    app.decorate('costCentres', { rows: service.rows } satisfies CostCentresModule);
    await costCentresRoutes(app, service);
  },
  { dependencies: ['auth'], auditActions: COST_CENTRES_AUDIT_ACTIONS },
);
