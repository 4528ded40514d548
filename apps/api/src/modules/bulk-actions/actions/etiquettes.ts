import { BULK_ACTION_DEFINITIONS } from '@ecare/shared';
import { bulkAction } from './action.ts';

/** Replaces, adds or removes labels on each line, by the line page's rules (cost-centres module); an undo puts each line's own labels back. */
export const etiquettesAction = bulkAction(BULK_ACTION_DEFINITIONS.ETIQUETTES, {
  action: 'ETIQUETTES',
  check: (services, userId, row, params) => services.costCentres.rows.labels.check(userId, row.idContrat, params, row.idClientBscs),
  async apply(services, tx, actor, target, params) {
    return { etiquettes: await services.costCentres.rows.labels.apply(tx, actor, target, params) };
  },
  undo: (avant) => ({ params: { mode: 'REMPLACER' as const, etiquettes: (avant as { etiquettes: string[] }).etiquettes }, values: null }),
});
