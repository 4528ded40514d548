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
  vatCentimes,
  type TariffAccountTargets,
  type TariffChangeActionName,
  type TariffChangeAnswer,
  type TariffChangeBlock,
  type TariffChangeBlockAnswer,
  type TariffChangeDates,
  type TariffChangeInProgress,
  type TariffChangeRequest,
  type TariffChangeTiming,
  type TariffPlan,
  type TariffTargets,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import type { Actor as CoreActor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import type { Transaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { fail } from '../../lib/errors.ts';
import { actingAgent, assertMayChangeTariff, type ContractAccess } from '../../policy/access-policy.ts';
import type { UnpaidModule } from '../unpaid/index.ts';
import { recapFileName, renderTariffChangeRecap, type TariffChangeRecap } from './tariff-change.document.ts';
import { cancellationMail, confirmationMail } from './tariff-change.mails.ts';
import type { PlanRow, TariffChangeRepository, TariffChangeRow, TariffLine } from './tariff-change.repository.ts';

/** Who acts (core/actor.ts), with the address the confirmation goes to and the name the recap shows. */
export interface Actor extends CoreActor {
  email: string;
  prenom: string;
  nom: string;
}

export interface TariffChangeDeps extends ServiceCore {
  repo: TariffChangeRepository;
  unpaid: UnpaidModule;
}

/** Abuse limits per signed-in user: changes recorded or cancelled, recap PDFs made. */
export const TARIFF_CHANGE_QUOTAS = {
  writes: { max: 20, windowMs: 60 * 60_000 },
  recaps: { max: 60, windowMs: 60 * 60_000 },
} as const;

const ttc = (ht: number) => ht + vatCentimes(ht);

const toPlan = (row: PlanRow): TariffPlan => ({
  idOffreEngagement: row.idOffreEngagement,
  libelle: row.libelle,
  description: row.description,
  dataMo: row.dataMo,
  dataIllimitee: row.dataIllimitee,
  zones: row.zones,
  optionsIncluses: row.optionsIncluses,
  engagementMois: row.engagementMois,
  prixMensuelHtCentimes: row.prixMensuelCentimes,
  prixMensuelTtcCentimes: ttc(row.prixMensuelCentimes),
});

const BLOCK_ERRORS = {
  GESTIONNAIRE_SEUL: 'TARIFF_CHANGE_MANAGER_ONLY',
  LIGNE_INACTIVE: 'TARIFF_CHANGE_LINE_INACTIVE',
  RESILIATION_PROGRAMMEE: 'TARIFF_CHANGE_TERMINATION_SCHEDULED',
  CHANGEMENT_EN_COURS: 'TARIFF_CHANGE_IN_PROGRESS',
  AUCUNE_OFFRE: 'TARIFF_CHANGE_NO_TARGET',
} as const satisfies Record<Exclude<TariffChangeBlock, 'IMPAYES'>, string>;

/** A change as it would be recorded, before or after it is. */
export interface Draft {
  line: TariffLine;
  current: PlanRow;
  target: PlanRow;
  timing: TariffChangeTiming;
  dateEffet: string;
  action: TariffChangeActionName;
}

/** What a change names: the target plan, when it takes effect, the DR14 choice. */
export type TariffChangeChoice = Pick<TariffChangeRequest, 'idOffreCible' | 'effet' | 'action'>;

/** A change its line may take, as `rows.change.check` found it. */
export interface CheckedTariffChange extends Draft {
  access: ContractAccess;
}

/** A pending change that may be cancelled, with its line and its answer as it stands. */
export interface CheckedTariffCancel {
  row: TariffChangeRow;
  line: TariffLine;
  before: TariffChangeAnswer;
}

export function createTariffChangeService(deps: TariffChangeDeps) {
  const { repo, policy, audit } = deps;
  const today = () => parisDay(deps.clock.now());
  const dateOf = (timing: TariffChangeTiming, day: string) => (timing === 'IMMEDIAT' ? day : nextBillingPeriodStart(day));

  async function quota(kind: keyof typeof TARIFF_CHANGE_QUOTAS, userId: number): Promise<void> {
    const { max, windowMs } = TARIFF_CHANGE_QUOTAS[kind];
    const verdict = await deps.limits.quota(`tariff-change-${kind}:user:${userId}`, max, windowMs);
    if (!verdict.allowed) {
      throw fail('TARIFF_CHANGE_TOO_MANY', { values: { minutes: Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60)) }, retryAfterSeconds: verdict.retryAfterSeconds });
    }
  }

  /** The line, once the caller is known to reach it (FORBIDDEN_CONTRACT otherwise, unknown ids alike). */
  async function reachedLine(userId: number, idContrat: number): Promise<{ access: ContractAccess; line: TariffLine }> {
    const access = await policy.contractAccess(userId, idContrat);
    const line = await repo.line(idContrat);
    if (!line) throw fail('FORBIDDEN_CONTRACT');
    return { access, line };
  }

  /** A line whose account the caller manages (TARIFF_CHANGE_MANAGER_ONLY for its own user). */
  async function managedLine(userId: number, idContrat: number): Promise<{ access: ContractAccess; line: TariffLine }> {
    const reached = await reachedLine(userId, idContrat);
    assertMayChangeTariff(reached.access);
    return reached;
  }

  async function planOf(id: number): Promise<PlanRow> {
    const plan = await repo.plan(id);
    if (!plan) throw new Error(`plan ${id} missing`);
    return plan;
  }

  /**
   * What stops a change of this line now, first one found (decision 037): the unpaid-balance
   * check (action PU) first, then the line's state, a scheduled termination, a pending change.
   */
  async function blockOf(access: ContractAccess, line: TariffLine): Promise<{ code: TariffChangeBlock; message: string } | null> {
    if (access.role !== 'GESTIONNAIRE') return { code: 'GESTIONNAIRE_SEUL', message: errorMessage(BLOCK_ERRORS.GESTIONNAIRE_SEUL) };
    const unpaid = await deps.unpaid.verdictFor(line.idClientBscs, 'PU');
    if (unpaid.arretParcours) return { code: 'IMPAYES', message: unpaid.message };
    let code: Exclude<TariffChangeBlock, 'IMPAYES'> | null = null;
    if (line.codeStatut !== 'ACTIF') code = 'LIGNE_INACTIVE';
    else if (await repo.terminationScheduled(line.idContrat)) code = 'RESILIATION_PROGRAMMEE';
    else if (await repo.pendingFor(line.idContrat)) code = 'CHANGEMENT_EN_COURS';
    else if ((await repo.targets(line.idGamme, line.idOffreEngagement)).length === 0) code = 'AUCUNE_OFFRE';
    return code ? { code, message: errorMessage(BLOCK_ERRORS[code]) } : null;
  }

  async function assertNotBlocked(access: ContractAccess, line: TariffLine): Promise<void> {
    const block = await blockOf(access, line);
    if (!block) return;
    if (block.code === 'IMPAYES') throw fail('TARIFF_CHANGE_UNPAID', { values: { message: block.message } });
    throw fail(BLOCK_ERRORS[block.code]);
  }

  /** The target named, if it is one the line may move to. */
  async function targetFor(line: TariffLine, idOffreCible: number): Promise<PlanRow> {
    const targets = await repo.targets(line.idGamme, line.idOffreEngagement);
    const target = targets.find((plan) => plan.idOffreEngagement === idOffreCible);
    if (!target) throw fail('TARIFF_CHANGE_TARGET_INVALID');
    return target;
  }

  /** The DR14 choices a move allows on its effective date (decision 037). */
  function allowedActions(line: TariffLine, current: PlanRow, target: PlanRow, dateEffet: string): TariffChangeActionName[] {
    const downgrade = tariffChangeDirection(current.prixMensuelCentimes, target.prixMensuelCentimes) === 'BAISSE';
    if (downgrade && committedOn(line.dateFinEngagement, dateEffet)) return ['Renonciation_de_DR14'];
    return ['Application_de_DR14', 'Renonciation_de_DR14'];
  }

  /** Checks the request's date and DR14 choice against the rules: the draft, or the refusal. */
  function draftOf(line: TariffLine, current: PlanRow, target: PlanRow, request: Pick<TariffChangeRequest, 'effet' | 'action'>): Draft {
    const day = today();
    const direction = tariffChangeDirection(current.prixMensuelCentimes, target.prixMensuelCentimes);
    const refusal = timingRefusal(request.effet, direction, actingAgent() !== undefined);
    if (refusal === 'BAISSE_PROCHAINE_FACTURATION') throw fail('TARIFF_CHANGE_TIMING_DOWNGRADE', { values: { date: nextBillingPeriodStart(day) } });
    if (refusal === 'SERVICE_CLIENT_PROCHAINE_FACTURATION') throw fail('TARIFF_CHANGE_TIMING_AGENT', { values: { date: nextBillingPeriodStart(day) } });
    const dateEffet = dateOf(request.effet, day);
    if (!allowedActions(line, current, target, dateEffet).includes(request.action)) {
      throw fail('TARIFF_CHANGE_DR14_COMMITTED', { values: { date: line.dateFinEngagement ?? dateEffet } });
    }
    return { line, current, target, timing: request.effet, dateEffet, action: request.action };
  }

  function answerOf(
    row: Pick<TariffChangeRow, 'id' | 'statut' | 'action' | 'immediat' | 'dateEffet' | 'createdAt' | 'annuleLe' | 'appliqueLe'>,
    parts: { line: TariffLine; current: PlanRow; target: PlanRow },
    access: ContractAccess,
  ): TariffChangeAnswer {
    const action = tariffChangeActionName(row.action);
    const { line, current, target } = parts;
    const endAfter =
      row.statut === 'APPLIQUE' && line.idOffreEngagement === target.idOffreEngagement
        ? line.dateFinEngagement
        : commitmentEndAfter(action, line.dateFinEngagement, row.dateEffet, target.engagementMois);
    return {
      idChangement: row.id,
      idContrat: line.idContrat,
      numeroLigne: line.numeroLigne,
      statut: row.statut,
      offreActuelle: { idOffreEngagement: current.idOffreEngagement, libelle: current.libelle, prixMensuelHtCentimes: current.prixMensuelCentimes },
      offreCible: { idOffreEngagement: target.idOffreEngagement, libelle: target.libelle, prixMensuelHtCentimes: target.prixMensuelCentimes },
      ...monthlyDifference(current.prixMensuelCentimes, target.prixMensuelCentimes),
      action,
      immediat: row.immediat,
      dateEffet: row.dateEffet,
      dateFinEngagementApres: endAfter,
      dateDemande: row.createdAt.toISOString(),
      dateAnnulation: row.annuleLe?.toISOString() ?? null,
      dateApplication: row.appliqueLe?.toISOString() ?? null,
      annulable: access.role === 'GESTIONNAIRE' && row.statut === 'EN_ATTENTE' && today() < row.dateEffet,
    };
  }

  async function answerOfRow(row: TariffChangeRow, access: ContractAccess): Promise<TariffChangeAnswer> {
    const [line, current, target] = await Promise.all([repo.line(row.idContrat), planOf(row.idOffreActuelle), planOf(row.idOffreCible)]);
    if (!line) throw fail('TARIFF_CHANGE_NOT_FOUND');
    return answerOf(row, { line, current, target }, access);
  }

  /** A change the caller reaches, with their standing on its line (another customer's answers as their line does). */
  async function reachedChange(userId: number, id: number): Promise<{ row: TariffChangeRow; access: ContractAccess }> {
    const row = await repo.find(id);
    if (!row) throw fail('TARIFF_CHANGE_NOT_FOUND');
    const access = await policy.contractAccess(userId, row.idContrat);
    return { row, access };
  }

  const recapOf = (changement: TariffChangeAnswer, line: TariffLine, actor: Actor, apercu: boolean): TariffChangeRecap => ({
    changement,
    raisonSociale: line.raisonSociale,
    codeClientBscs: line.codeClientBscs,
    demandeur: `${actor.prenom} ${actor.nom} (${actor.email})`,
    apercu,
  });

  const pageLink = (idContrat: number) => `${deps.publicUrl}/ecare/mon-forfait/changer-de-forfait/${idContrat}`;

  const stateOf = (line: TariffLine) => ({ idOffreEngagement: line.idOffreEngagement, dateFinEngagement: line.dateFinEngagement });

  /**
   * A change of one line and its cancellation, as the single change runs them and as each row of
   * a bulk action does (decision 050): `check` applies every rule of the single change (access,
   * manager, the block check, the target, the date and DR14 choice) and throws its coded error;
   * `apply` writes and audits in the caller's transaction, and e-mails the recap to `confirmTo`
   * (a bulk job mails once for the whole job instead). The write quota is the single change's.
   */
  const rows = {
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
