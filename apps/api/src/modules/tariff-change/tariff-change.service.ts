import {
  commitmentEndAfter,
  committedOn,
  errorMessage,
  monthlyDifference,
  nextBillingPeriodStart,
  TARIFF_CHANGE_TIMINGS,
  tariffChangeActionCode,
  tariffChangeActionName,
  tariffChangeDirection,
  timingRefusal,
  type TariffAccountTargets,
  type TariffChangeAnswer,
  type TariffChangeBlockAnswer,
  type TariffChangeDates,
  type TariffChangeInProgress,
  type TariffChangeRequest,
  type TariffTargets,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { fail } from '../../lib/errors.ts';
import { actingAgent, assertMayChangeTariff } from '../../policy/access-policy.ts';
import { recapFileName, renderTariffChangeRecap } from './tariff-change.document.ts';
import { createTariffChangeRows } from './tariff-change.rows.ts';
import { createTariffChangeRules, toPlan, type Actor, type TariffChangeDeps } from './tariff-change.rules.ts';

export function createTariffChangeService(deps: TariffChangeDeps) {
  const { repo, policy, audit } = deps;
  const rules = createTariffChangeRules(deps);
  const { today, dateOf, quota, reachedLine, managedLine, planOf, blockOf, assertNotBlocked, targetFor, allowedActions, draftOf, answerOf, answerOfRow, reachedChange, recapOf } =
    rules;
  const rows = createTariffChangeRows(deps, rules);

  return {
    /** `GET /api/chgmttarif/offres/{idContrat}`. */
    async targets(userId: number, idContrat: number): Promise<TariffTargets> {
      const { line } = await managedLine(userId, idContrat);
      const current = await planOf(line.idOffreEngagement);
      const targets = await repo.targets(line.idGamme, line.idOffreEngagement);
      return {
        idContrat,
        numeroLigne: line.numeroLigne,
        dateFinEngagement: line.dateFinEngagement,
        offreActuelle: toPlan(current),
        offres: targets.map((target) => ({
          ...toPlan(target),
          ...monthlyDifference(current.prixMensuelCentimes, target.prixMensuelCentimes),
          sens: tariffChangeDirection(current.prixMensuelCentimes, target.prixMensuelCentimes),
        })),
      };
    },

    /**
     * `GET /api/clients/{idClientBscs}/chgmttarif/offres`: the plans the account's lines may move
     * to (still sold, in their ranges), for a bulk change; each line's own rules apply per row.
     */
    async accountTargets(userId: number, idClientBscs: number): Promise<TariffAccountTargets> {
      await policy.assertAccount(userId, idClientBscs);
      return { idClientBscs, offres: (await repo.accountTargets(idClientBscs)).map((row) => ({ ...toPlan(row), idGamme: row.idGamme })) };
    },

    /** `GET /api/chgmttarif/dates-effet/{idContrat}?idOffreCible=`. */
    async dates(userId: number, idContrat: number, idOffreCible: number): Promise<TariffChangeDates> {
      const { line } = await managedLine(userId, idContrat);
      const current = await planOf(line.idOffreEngagement);
      const target = await targetFor(line, idOffreCible);
      const day = today();
      const direction = tariffChangeDirection(current.prixMensuelCentimes, target.prixMensuelCentimes);
      const agent = actingAgent() !== undefined;
      const dates = TARIFF_CHANGE_TIMINGS.map((type) => {
        const refusal = timingRefusal(type, direction, agent);
        const date = dateOf(type, day);
        const values = { date: nextBillingPeriodStart(day) };
        return {
          type,
          date,
          autorise: refusal === null,
          raison:
            refusal === 'BAISSE_PROCHAINE_FACTURATION'
              ? errorMessage('TARIFF_CHANGE_TIMING_DOWNGRADE', values)
              : refusal === 'SERVICE_CLIENT_PROCHAINE_FACTURATION'
                ? errorMessage('TARIFF_CHANGE_TIMING_AGENT', values)
                : null,
        };
      });
      const earliest = dates.find((d) => d.autorise)?.date ?? nextBillingPeriodStart(day);
      return {
        idContrat,
        idOffreCible,
        sens: direction,
        engage: committedOn(line.dateFinEngagement, earliest),
        dates,
        actions: allowedActions(line, current, target, earliest),
      };
    },

    /** `GET /api/chgmttarif/blocage/{idContrat}`: the block check (decision 037). */
    async block(userId: number, idContrat: number): Promise<TariffChangeBlockAnswer> {
      const { access, line } = await reachedLine(userId, idContrat);
      const block = await blockOf(access, line);
      const agent = actingAgent() !== undefined;
      return { idContrat, bloque: block !== null, code: block?.code ?? null, message: block?.message ?? null, serviceClient: agent, immediatAutorise: !agent };
    },

    /** `GET /api/chgmttarif/en-cours/{idContrat}`: the pending change, one at a time. */
    async inProgress(userId: number, idContrat: number): Promise<TariffChangeInProgress> {
      const { access } = await reachedLine(userId, idContrat);
      const row = await repo.pendingFor(idContrat);
      return { enCours: row !== undefined, changement: row ? await answerOfRow(row, access) : null };
    },

    /**
     * `POST /api/chgmttarif/enregistrer`: records the change (applied at once when immediate),
     * e-mails its recap to the manager, audits it, in one transaction. One change at a time: a
     * concurrent second one meets the pending one (unique index) or the line already moved.
     */
    async submit(actor: Actor, request: TariffChangeRequest): Promise<TariffChangeAnswer> {
      const checked = await rows.change.check(actor.userId, request.idContrat, request);
      await quota('writes', actor.userId);
      try {
        return await deps.transaction((tx) => rows.change.apply(tx, actor, checked, { confirmTo: actor }));
      } catch (error) {
        if (isUniqueViolation(error)) throw fail('TARIFF_CHANGE_IN_PROGRESS');
        throw error;
      }
    },

    /** `POST /api/chgmttarif/annuler`: cancels a pending change before its effective date, and says so by e-mail. */
    async cancel(actor: Actor, idChangement: number): Promise<TariffChangeAnswer> {
      const checked = await rows.cancel.check(actor.userId, idChangement);
      await quota('writes', actor.userId);
      return deps.transaction((tx) => rows.cancel.apply(tx, actor, checked, { confirmTo: actor }));
    },

    rows,

    /** `GET /api/chgmttarif/recapitulatif/{idChangement}`: the recap of a recorded change. */
    async recap(actor: Actor, idChangement: number): Promise<{ filename: string; bytes: Uint8Array }> {
      const { row, access } = await reachedChange(actor.userId, idChangement);
      assertMayChangeTariff(access);
      await quota('recaps', actor.userId);
      const line = await repo.line(row.idContrat);
      if (!line) throw fail('TARIFF_CHANGE_NOT_FOUND');
      const recap = recapOf(await answerOfRow(row, access), line, actor, false);
      return { filename: recapFileName(recap), bytes: await renderTariffChangeRecap(recap, deps.brandName, deps.clock.now()) };
    },

    /** `POST /api/chgmttarif/recapitulatif`: the recap of a change before it is confirmed (same rules as recording it). */
    async preview(actor: Actor, request: TariffChangeRequest): Promise<{ filename: string; bytes: Uint8Array }> {
      const { access, line } = await managedLine(actor.userId, request.idContrat);
      await assertNotBlocked(access, line);
      const current = await planOf(line.idOffreEngagement);
      const target = await targetFor(line, request.idOffreCible);
      const draft = draftOf(line, current, target, request);
      await quota('recaps', actor.userId);
      const now = deps.clock.now();
      const answered = answerOf(
        {
          id: 0,
          statut: 'EN_ATTENTE',
          action: tariffChangeActionCode(draft.action),
          immediat: draft.timing === 'IMMEDIAT',
          dateEffet: draft.dateEffet,
          createdAt: now,
          annuleLe: null,
          appliqueLe: null,
        },
        { line, current, target },
        access,
      );
      const recap = recapOf(answered, line, actor, true);
      return { filename: recapFileName(recap), bytes: await renderTariffChangeRecap(recap, deps.brandName, now) };
    },

    /**
     * The scheduled job: applies every pending change whose effective date is today or earlier
     * (in France), each in its own transaction with its audit entry. A change whose line left its
     * plan or ended meanwhile is cancelled instead. Returns how many it applied.
     */
    async runDue(now: Date): Promise<number> {
      const day = parisDay(now);
      let applied = 0;
      for (;;) {
        const due = await repo.due(day);
        if (due.length === 0) return applied;
        let progressed = 0;
        for (const change of due) {
          const target = await planOf(change.idOffreCible);
          const outcome = await deps.transaction(async (tx) => {
            const done = await repo.markApplied(change.id, day, now, tx);
            if (!done) return 'skipped' as const;
            const before = await repo.commitmentEnd(done.idContrat, tx);
            const endAfter = commitmentEndAfter(tariffChangeActionName(done.action), before, done.dateEffet, target.engagementMois);
            if (!(await repo.moveLine(done.idContrat, done.idOffreActuelle, done.idOffreCible, endAfter, tx))) {
              await repo.abandon(done.id, now, tx);
              return 'abandoned' as const;
            }
            await audit.record(
              {
                // The job acts for whoever asked; the entry says it was the scheduled application.
                userId: done.userId ?? 0,
                action: 'APPLICATION_CHANGEMENT_FORFAIT',
                idClientBscs: done.idClientBscs,
                idContrat: done.idContrat,
                sourceAddress: 'tache-planifiee',
                details: {
                  idChangement: done.id,
                  avant: { idOffreEngagement: done.idOffreActuelle, dateFinEngagement: before },
                  apres: { idOffreEngagement: done.idOffreCible, dateFinEngagement: endAfter },
                  dateEffet: done.dateEffet,
                },
              },
              { tx },
            );
            return 'applied' as const;
          });
          if (outcome !== 'skipped') progressed += 1;
          if (outcome === 'applied') applied += 1;
        }
        if (progressed === 0) return applied;
      }
    },
  };
}
export type TariffChangeService = ReturnType<typeof createTariffChangeService>;
