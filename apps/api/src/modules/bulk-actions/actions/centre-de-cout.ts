import { BULK_ACTION_DEFINITIONS } from '@ecare/shared';
import { bulkAction } from './action.ts';

/** Puts each line in a cost centre (or in none), as the line page does (cost-centres module). */
export const centreDeCoutAction = bulkAction(BULK_ACTION_DEFINITIONS.CENTRE_DE_COUT, {
  action: 'CENTRE_DE_COUT',
  check: (services, userId, row, params) => services.costCentres.rows.centre.check(userId, row.idContrat, params.idCentre, row.idClientBscs),
  async apply(services, tx, actor, target, params) {
    return { idCentre: await services.costCentres.rows.centre.apply(tx, actor, target, params.idCentre) };
  },
  undo: (avant) => ({ params: { idCentre: (avant as { idCentre: number | null }).idCentre }, values: null }),
});
