import { defineModule } from '../../core/module.ts';
import { COST_CENTRES_AUDIT_ACTIONS } from './cost-centres.audit.ts';
import { createCostCentresRepository } from './cost-centres.repository.ts';
import { costCentresRoutes } from './cost-centres.routes.ts';
import { createCostCentresService } from './cost-centres.service.ts';

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
    await costCentresRoutes(app, service);
  },
  { dependencies: ['auth'], auditActions: COST_CENTRES_AUDIT_ACTIONS },
);
