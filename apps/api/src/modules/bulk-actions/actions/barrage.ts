import { BARRING_FIELDS, BULK_ACTION_DEFINITIONS, type BarringService } from '@ecare/shared';
import { bulkAction } from './action.ts';

/** What a row had of the service the job changed: an undo sets it back, the other barring untouched. */
interface BarringBefore {
  service: BarringService;
  bloque: boolean;
}

/**
 * Bars (bloque) or allows roaming or international calls on each line, as the line page does
 * (lines module): the job names one service, and each line keeps the other barring as it has it.
 */
export const barrageAction = bulkAction(BULK_ACTION_DEFINITIONS.BARRAGE, {
  action: 'BARRAGE',
  async check(services, userId, row) {
    return { row, access: await services.lines.rows.barring.check(userId, row.idContrat, row.idClientBscs) };
  },
  async apply(services, tx, actor, { row, access }, params): Promise<BarringBefore> {
    const field = BARRING_FIELDS[params.service];
    const { avant } = await services.lines.rows.barring.apply(tx, actor, access, row.idContrat, { [field]: params.bloque });
    return { service: params.service, bloque: avant[field] };
  },
  undo: (avant) => {
    const before = avant as BarringBefore;
    return { params: { service: before.service, bloque: before.bloque }, values: null };
  },
});
