import { BULK_ACTION_DEFINITIONS } from '@ecare/shared';
import { bulkAction } from './action.ts';

/**
 * Bars (bloque) or allows the mobile data of each line, as the line page's freeze does
 * (usage-alerts module); the managers get one e-mail for the whole job rather than one per line.
 */
export const donneesAction = bulkAction(BULK_ACTION_DEFINITIONS.DONNEES, {
  action: 'DONNEES',
  check: (services, userId, row, params) => services.usageAlerts.rows.dataFreeze.check(userId, row.idContrat, params.bloque, row.idClientBscs),
  async apply(services, tx, actor, line, params) {
    return (await services.usageAlerts.rows.dataFreeze.apply(tx, actor, line, params.bloque, { mail: false })).avant;
  },
  undo: (avant) => ({ params: { bloque: (avant as { bloque: boolean }).bloque }, values: null }),
});
