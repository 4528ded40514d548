import { BULK_ACTION_DEFINITIONS, type DirectoryListing } from '@ecare/shared';
import { bulkAction } from './action.ts';

/** The directory listing of each line, as the line page sets it (lines module). */
export const annuaireAction = bulkAction(BULK_ACTION_DEFINITIONS.ANNUAIRE, {
  action: 'ANNUAIRE',
  async check(services, userId, row) {
    return { row, access: await services.lines.rows.directoryListing.check(userId, row.idContrat, row.idClientBscs) };
  },
  async apply(services, tx, actor, { row, access }, params) {
    const { avant } = await services.lines.rows.directoryListing.apply(tx, actor, access, row.idContrat, params.inscriptionAnnuaire);
    return { inscriptionAnnuaire: avant.inscriptionAnnuaire };
  },
  undo: (avant) => ({ params: { inscriptionAnnuaire: (avant as { inscriptionAnnuaire: DirectoryListing }).inscriptionAnnuaire }, values: null }),
});
