import type { BulkAction } from '@ecare/shared';
import type { AnyBulkAction } from './action.ts';
import { annuaireAction } from './annuaire.ts';
import { barrageAction } from './barrage.ts';
import { centreDeCoutAction } from './centre-de-cout.ts';
import { changementOffreAction } from './changement-offre.ts';
import { donneesAction } from './donnees.ts';
import { etiquettesAction } from './etiquettes.ts';
import { utilisateurAction } from './utilisateur.ts';

export type { BulkRow, RowServices } from './action.ts';

/**
 * Every bulk action, by name. Adding one: its name and schemas in the shared
 * BULK_ACTION_DEFINITIONS, a file here built on its single action's per-row functions (the module
 * that owns them exposes them in RowServices), and its line below.
 */
export const BULK_ACTION_HANDLERS: Record<BulkAction, AnyBulkAction> = {
  ANNUAIRE: annuaireAction,
  UTILISATEUR: utilisateurAction,
  DONNEES: donneesAction,
  BARRAGE: barrageAction,
  CENTRE_DE_COUT: centreDeCoutAction,
  ETIQUETTES: etiquettesAction,
  CHANGEMENT_OFFRE: changementOffreAction,
};
