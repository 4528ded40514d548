import { commitmentEndAfter, tariffChangeActionCode, type TariffChangeAnswer } from '@ecare/shared';
import type { Actor as CoreActor } from '../../core/actor.ts';
import type { Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';
import { actingAgent, assertMayChangeTariff } from '../../policy/access-policy.ts';
import { renderTariffChangeRecap } from './tariff-change.document.ts';
import { cancellationMail, confirmationMail } from './tariff-change.mails.ts';
import type { TariffLine } from './tariff-change.repository.ts';
import type { Actor, CheckedTariffCancel, CheckedTariffChange, TariffChangeChoice, TariffChangeDeps, TariffChangeRules } from './tariff-change.rules.ts';

/**
 * A change of one line and its cancellation, as the single change runs them and as each row of
 * a bulk action does (decision 050): `check` applies every rule of the single change (access,
 * manager, the block check, the target, the date and DR14 choice) and throws its coded error;
 * `apply` writes and audits in the caller's transaction, and e-mails the recap to `confirmTo`
 * (a bulk job mails once for the whole job instead). The write quota is the single change's.
 */
export function createTariffChangeRows(deps: TariffChangeDeps, rules: TariffChangeRules) {
  const { repo, audit } = deps;
  const { today, managedLine, assertNotBlocked, planOf, targetFor, draftOf, answerOf, answerOfRow, reachedChange, recapOf, pageLink } = rules;
  const stateOf = (line: TariffLine) => ({ idOffreEngagement: line.idOffreEngagement, dateFinEngagement: line.dateFinEngagement });

  return {
    change: {
      async check(userId: number, idContrat: number, choice: TariffChangeChoice, idClientBscs?: number): Promise<CheckedTariffChange> {
        const { access, line } = await managedLine(userId, idContrat);
        if (idClientBscs !== undefined && line.idClientBscs !== idClientBscs) throw fail('FORBIDDEN_CONTRACT');
        await assertNotBlocked(access, line);
        const current = await planOf(line.idOffreEngagement);
        const target = await targetFor(line, choice.idOffreCible);
        return { ...draftOf(line, current, target, choice), access };
      },
      async apply(tx: Transaction, actor: CoreActor, checked: CheckedTariffChange, { confirmTo }: { confirmTo: Actor | null }): Promise<TariffChangeAnswer> {
        const { line, current, target, access } = checked;
        const now = deps.clock.now();
        const immediat = checked.timing === 'IMMEDIAT';
        const endAfter = commitmentEndAfter(checked.action, line.dateFinEngagement, checked.dateEffet, target.engagementMois);
        // The line moves first (an immediate change is never pending, so its insert cannot meet
        // another): a refusal leaves nothing written in the caller's transaction.
        if (immediat && !(await repo.moveLine(line.idContrat, current.idOffreEngagement, target.idOffreEngagement, endAfter, tx))) {
          throw fail('TARIFF_CHANGE_CONFLICT');
        }
        const row = await repo.insert(
          {
            idContrat: line.idContrat,
            idClientBscs: line.idClientBscs,
            idOffreActuelle: current.idOffreEngagement,
            idOffreCible: target.idOffreEngagement,
            action: tariffChangeActionCode(checked.action),
            immediat,
            dateEffet: checked.dateEffet,
            statut: immediat ? 'APPLIQUE' : 'EN_ATTENTE',
            userId: actor.userId,
            agentId: actingAgent()?.agentId ?? null,
            createdAt: now,
            appliqueLe: immediat ? now : null,
          },
          tx,
        );
        // Another change became pending since the check (one at a time).
        if (!row) throw fail('TARIFF_CHANGE_IN_PROGRESS');
        const after = { idOffreEngagement: target.idOffreEngagement, dateFinEngagement: endAfter };
        await audit.record(
          {
            userId: actor.userId,
            action: 'DEMANDE_CHANGEMENT_FORFAIT',
            idClientBscs: line.idClientBscs,
            idContrat: line.idContrat,
            sourceAddress: actor.sourceAddress,
            details: { idChangement: row.id, avant: stateOf(line), apres: after, dateEffet: checked.dateEffet, immediat, action: checked.action },
          },
          { tx },
        );
        const answered = answerOf(row, { line: immediat ? { ...line, ...after } : line, current, target }, access);
        if (confirmTo) {
          const recap = recapOf(answered, line, confirmTo, false);
          const pdf = await renderTariffChangeRecap(recap, deps.brandName, now);
          await deps.mail.send(confirmTo.email, confirmationMail(deps.brandName, recap, pdf, pageLink(line.idContrat)), { tx });
        }
        return answered;
      },
    },

    cancel: {
      /** A pending change the caller manages, before its effective date (`idClientBscs`: the account it must be of). */
      async check(userId: number, idChangement: number, idClientBscs?: number): Promise<CheckedTariffCancel> {
        const { row, access } = await reachedChange(userId, idChangement);
        assertMayChangeTariff(access);
        if (idClientBscs !== undefined && row.idClientBscs !== idClientBscs) throw fail('TARIFF_CHANGE_NOT_FOUND');
        if (row.statut !== 'EN_ATTENTE') throw fail('TARIFF_CHANGE_NOT_CANCELLABLE');
        if (today() >= row.dateEffet) throw fail('TARIFF_CHANGE_CANCEL_TOO_LATE');
        const line = await repo.line(row.idContrat);
        if (!line) throw fail('TARIFF_CHANGE_NOT_FOUND');
        return { row, line, before: await answerOfRow(row, access) };
      },
      async apply(tx: Transaction, actor: CoreActor, checked: CheckedTariffCancel, { confirmTo }: { confirmTo: Actor | null }): Promise<TariffChangeAnswer> {
        const { row, line, before } = checked;
        const now = deps.clock.now();
        const cancelled: TariffChangeAnswer = { ...before, statut: 'ANNULE', dateAnnulation: now.toISOString(), annulable: false };
        if (!(await repo.cancel(row.id, now, tx))) throw fail('TARIFF_CHANGE_NOT_CANCELLABLE');
        await audit.record(
          {
            userId: actor.userId,
            action: 'ANNULATION_CHANGEMENT_FORFAIT',
            idClientBscs: row.idClientBscs,
            idContrat: row.idContrat,
            sourceAddress: actor.sourceAddress,
            details: { idChangement: row.id, avant: { statut: 'EN_ATTENTE' }, apres: { statut: 'ANNULE' }, dateEffet: row.dateEffet },
          },
          { tx },
        );
        if (confirmTo) await deps.mail.send(confirmTo.email, cancellationMail(deps.brandName, recapOf(cancelled, line, confirmTo, false), pageLink(row.idContrat)), { tx });
        return cancelled;
      },
    },
  };
}
