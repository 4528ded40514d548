import {
  commitmentEndAfter,
  committedOn,
  errorMessage,
  monthlyDifference,
  nextBillingPeriodStart,
  tariffChangeActionName,
  tariffChangeDirection,
  timingRefusal,
  vatCentimes,
  type TariffChangeActionName,
  type TariffChangeAnswer,
  type TariffChangeBlock,
  type TariffChangeRequest,
  type TariffChangeTiming,
  type TariffPlan,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import type { Actor as CoreActor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import { fail } from '../../lib/errors.ts';
import { actingAgent, assertMayChangeTariff, type ContractAccess } from '../../policy/access-policy.ts';
import type { UnpaidModule } from '../unpaid/index.ts';
import type { TariffChangeRecap } from './tariff-change.document.ts';
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

export const toPlan = (row: PlanRow): TariffPlan => ({
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

/**
 * The single change's rules (decision 037), which its routes, its rows (bulk actions, decision 050)
 * and its recap all apply: who reaches and manages a line, what blocks a change, the targets, the
 * dates and DR14 choices, the answer a change is given, the write and recap quotas.
 */
export function createTariffChangeRules(deps: TariffChangeDeps) {
  const { repo, policy } = deps;
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

  return { today, dateOf, quota, reachedLine, managedLine, planOf, blockOf, assertNotBlocked, targetFor, allowedActions, draftOf, answerOf, answerOfRow, reachedChange, recapOf, pageLink };
}
export type TariffChangeRules = ReturnType<typeof createTariffChangeRules>;
