import { BULK_ACTION_DEFINITIONS, type LineUserUpdate } from '@ecare/shared';
import { lineUserWrite } from '../../lines/index.ts';
import { bulkAction } from './action.ts';

/** What a line's user was, which an undo puts back (a line may have had none). */
interface LineUserBefore {
  prenom: string | null;
  nom: string | null;
  email: string | null;
}

/**
 * The user of each line, each row with its own names and e-mail (a CSV of numbers, first names,
 * names and e-mails), as the line page names them (lines module).
 */
export const utilisateurAction = bulkAction(BULK_ACTION_DEFINITIONS.UTILISATEUR, {
  action: 'UTILISATEUR',
  async check(services, userId, row) {
    return { row, access: await services.lines.rows.lineUser.check(userId, row.idContrat, row.idClientBscs) };
  },
  async apply(services, tx, actor, { row, access }, _params, values) {
    // An undo hands back the names as they were, possibly none.
    const before = values as LineUserUpdate | LineUserBefore;
    const write =
      before.prenom === null || before.nom === null
        ? { utilisateurPrenom: before.prenom, utilisateurNom: before.nom, utilisateurEmail: before.email ?? null }
        : lineUserWrite(before as LineUserUpdate);
    const { avant } = await services.lines.rows.lineUser.apply(tx, actor, access, row.idContrat, write);
    return { prenom: avant.prenom, nom: avant.nom, email: avant.email } satisfies LineUserBefore;
  },
  undo: (avant) => {
    const before = avant as LineUserBefore;
    return { params: {}, values: { prenom: before.prenom, nom: before.nom, email: before.email ?? '' } as LineUserUpdate };
  },
});
