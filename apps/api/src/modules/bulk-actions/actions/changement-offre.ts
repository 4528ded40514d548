import { BULK_ACTION_DEFINITIONS, tariffChangeScheduledNote } from '@ecare/shared';
import type { CheckedTariffCancel, CheckedTariffChange } from '../../tariff-change/index.ts';
import { bulkAction } from './action.ts';

/** What a row scheduled, which its undo cancels. */
interface ScheduledChange {
  idChangement: number;
}

/**
 * Schedules each line's move to one plan, as the tariff-change page does (tariff-change module):
 * each row with its own block check, target check and DR14 rule; the change takes effect at the
 * start of the next billing period, the date that row's change gets. Never immediate, so that
 * every change stays cancellable: the undo cancels the changes still pending. One e-mail for the
 * job replaces the recap each single change mails.
 */
export const changementOffreAction = bulkAction(BULK_ACTION_DEFINITIONS.CHANGEMENT_OFFRE, {
  action: 'CHANGEMENT_OFFRE',
  check: (services, userId, row, params) =>
    services.tariffChange.rows.change.check(userId, row.idContrat, { idOffreCible: params.idOffreCible, action: params.action, effet: 'PROCHAINE_FACTURATION' }, row.idClientBscs),
  async apply(services, tx, actor, checked) {
    const change = await services.tariffChange.rows.change.apply(tx, actor, checked, { confirmTo: null });
    return { idChangement: change.idChangement } satisfies ScheduledChange;
  },
  revert: {
    check: (services, userId, row, avant) => services.tariffChange.rows.cancel.check(userId, (avant as ScheduledChange).idChangement, row.idClientBscs),
    async apply(services, tx, actor, checked) {
      await services.tariffChange.rows.cancel.apply(tx, actor, checked as CheckedTariffCancel, { confirmTo: null });
    },
  },
  note: (checked: CheckedTariffChange) => tariffChangeScheduledNote(checked.target.libelle, checked.dateEffet),
  endMail:
    'Chaque changement de forfait programmé prend effet à la date indiquée pour sa ligne ; il peut être annulé depuis la page « Changer de forfait » de la ligne jusqu’à la veille de cette date.',
});
