import { randomInt } from 'node:crypto';
import {
  checkIccid,
  errorMessage,
  iccidEnd,
  monthlyPrices,
  RIO_BUSINESS,
  RIO_OPERATOR_CODE,
  buildRio,
  nationalLineDigits,
  rioReference,
  type DirectoryListing,
  type LineAction,
  type LineBarrings,
  type LineBarringsAnswer,
  type LineDetail,
  type LineExportQuery,
  type LineFilters,
  type LinePage,
  type LinePageQuery,
  type LineUserEntry,
  type LineUserUpdate,
  type LossTheftDeclaration,
  type Puk,
  type RioResponse,
  type SimCheckResponse,
} from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import type { Transact, Transaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { MailService } from '../../platform/mail/index.ts';
import { lineActions, stateAllows, type AccessPolicy, type ContractAccess } from '../../policy/access-policy.ts';
import { EXPORT_CONTENT_TYPES, csvExport, xlsxExport } from './lines-export.ts';
import { lossTheftMail } from './lines.mails.ts';
import type { LineDetailRow, LinesRepository, LineUserWrite } from './lines.repository.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Actor } from '../../core/actor.ts';
import type { WebhooksModule } from '../webhooks/index.ts';
import { parisDay } from '@ecare/shared/paris-time';

export interface LinesDeps {
  repo: LinesRepository;
  policy: AccessPolicy;
  audit: Audit;
  transaction: Transact;
  mail: MailService;
  clock: Clock;
  brandName: string;
  publicUrl: string;
  /** Tells the account's webhooks of a line activated, suspended or given back its status (`ligne.statut`). */
  webhooks: Pick<WebhooksModule, 'emit'>;
}

/** An export of the fleet list, ready to stream: its bytes are read from the database as they are sent. */
export interface LineExportFile {
  filename: string;
  contentType: string;
  /** Lines it holds (as counted when it starts). */
  total: number;
  body: AsyncIterable<string | Buffer>;
}

/** Today in France, as an ISO date: an event dated today there is never "in the future". */
function parisToday(now: Date): string {
  return parisDay(now);
}

/** PUK codes of a new card: 8 random digits each (the card maker's, in the real supply chain). */
function newPuk(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

function toDetail(row: LineDetailRow, access: ContractAccess): LineDetail {
  const {
    prixMensuelCentimes,
    utilisateurPrenom,
    utilisateurNom,
    utilisateurEmail,
    inscriptionAnnuaire,
    iccid,
    suspenduPourPerteOuVol,
    dateActivation,
    barrageItinerance,
    barrageInternational,
    ...line
  } = row;
  return {
    ...line,
    ...monthlyPrices(prixMensuelCentimes),
    dateActivation: dateActivation.toISOString(),
    utilisateur:
      utilisateurPrenom !== null && utilisateurNom !== null
        ? { prenom: utilisateurPrenom, nom: utilisateurNom, email: utilisateurEmail, inscriptionAnnuaire }
        : null,
    iccidFin: iccid === null ? null : iccidEnd(iccid),
    barrages: { itinerance: barrageItinerance, international: barrageInternational },
    actions: lineActions(access.role, { codeStatut: row.codeStatut, suspenduPourPerteOuVol }),
  };
}

/** The write of a line user change as the request gives it. */
export function lineUserWrite(update: LineUserUpdate): LineUserWrite {
  return {
    utilisateurPrenom: update.prenom,
    utilisateurNom: update.nom,
    utilisateurEmail: update.email || null,
    ...(update.inscriptionAnnuaire ? { inscriptionAnnuaire: update.inscriptionAnnuaire } : {}),
  };
}

export function createLinesService(deps: LinesDeps) {
  const { repo, policy, audit } = deps;

  async function detailFor(access: ContractAccess, idContrat: number): Promise<LineDetail> {
    const row = await repo.detail(idContrat);
    if (!row) throw fail('FORBIDDEN_CONTRACT');
    return toDetail(row, access);
  }

  /** The line's state, refused with the reason when it does not allow the action. */
  async function stateFor(idContrat: number, action: LineAction) {
    const state = await repo.state(idContrat);
    if (!state) throw fail('FORBIDDEN_CONTRACT');
    if (!stateAllows(action, state)) {
      if (state.codeStatut === 'RESILIE') throw fail('LINE_TERMINATED');
      if (action === 'PERTE_OU_VOL') throw fail(state.codeStatut === 'SUSPENDU' ? 'LINE_ALREADY_SUSPENDED' : 'LINE_NOT_ACTIVE');
      throw fail('NO_LOSS_THEFT_SUSPENSION');
    }
    return state;
  }

  /** The first reason an ICCID cannot go on this line, or null. */
  async function simProblem(idContrat: number, typed: string, current: string | null) {
    const check = checkIccid(typed);
    if (!check.ok) return { code: check.problem } as const;
    if (check.iccid === current) return { code: 'SIM_ALREADY_ACTIVE' } as const;
    if (await repo.iccidUsedElsewhere(check.iccid, idContrat)) return { code: 'SIM_IN_USE' } as const;
    return { code: null, iccid: check.iccid } as const;
  }

  /** A centre the list is filtered on must be one of the account's (another account's ids are refused). */
  async function assertCentreFilter(idClientBscs: number, filters: LineFilters) {
    if (typeof filters.idCentre === 'number' && !(await repo.centreOfAccount(idClientBscs, filters.idCentre))) throw fail('COST_CENTRE_UNKNOWN');
  }
  /**
   * The line user, directory listing and barring changes one line at a time, as the single
   * actions and each row of a bulk action run them: `check` applies the rules (access, role, the line's
   * state) and throws the single action's coded error; `apply` writes and audits in the caller's
   * transaction and says what the line had before, which an undo puts back.
   */
  const rows = {
    lineUser: {
      async check(userId: number, idContrat: number, idClientBscs?: number): Promise<ContractAccess> {
        const access = await policy.assertLineAction(userId, idContrat, 'UTILISATEUR', idClientBscs);
        await stateFor(idContrat, 'UTILISATEUR');
        return access;
      },
      async apply(tx: Transaction, actor: Actor, access: ContractAccess, idContrat: number, write: LineUserWrite) {
        const avant = await repo.lineUserForUpdate(idContrat, tx);
        const apres = await repo.setLineUser(idContrat, write, tx);
        if (!avant || !apres) throw fail('LINE_TERMINATED');
        await audit.record({ ...actor, action: 'MODIFICATION_UTILISATEUR_LIGNE', idClientBscs: access.idClientBscs, idContrat }, { tx });
        return { avant, apres };
      },
    },
    directoryListing: {
      async check(userId: number, idContrat: number, idClientBscs?: number): Promise<ContractAccess> {
        const access = await policy.assertLineAction(userId, idContrat, 'ANNUAIRE', idClientBscs);
        await stateFor(idContrat, 'ANNUAIRE');
        return access;
      },
      async apply(tx: Transaction, actor: Actor, access: ContractAccess, idContrat: number, inscriptionAnnuaire: DirectoryListing) {
        const avant = await repo.lineUserForUpdate(idContrat, tx);
        const apres = await repo.setLineUser(idContrat, { inscriptionAnnuaire }, tx);
        if (!avant || !apres) throw fail('LINE_TERMINATED');
        await audit.record({ ...actor, action: 'MODIFICATION_ANNUAIRE', idClientBscs: access.idClientBscs, idContrat }, { tx });
        return { avant, apres };
      },
    },
    barring: {
      async check(userId: number, idContrat: number, idClientBscs?: number): Promise<ContractAccess> {
        const access = await policy.assertLineAction(userId, idContrat, 'BARRAGE', idClientBscs);
        await stateFor(idContrat, 'BARRAGE');
        return access;
      },
      /** `change` names the barrings to set; a barring it leaves out stays as the line has it. */
      async apply(tx: Transaction, actor: Actor, access: ContractAccess, idContrat: number, change: Partial<LineBarrings>) {
        const avant = await repo.barringsForUpdate(idContrat, tx);
        if (!avant) throw fail('LINE_TERMINATED');
        const apres = await repo.setBarrings(idContrat, { ...avant, ...change }, tx);
        if (!apres) throw fail('LINE_TERMINATED');
        await audit.record({ ...actor, action: 'MODIFICATION_BARRAGES', idClientBscs: access.idClientBscs, idContrat, details: { avant, apres } }, { tx });
        return { avant, apres };
      },
    },
  };

  return {
    async page(userId: number, idClientBscs: number, query: LinePageQuery): Promise<LinePage> {
      await policy.assertAccount(userId, idClientBscs);
      await assertCentreFilter(idClientBscs, query);
      const requested = await repo.page(idClientBscs, query);
      const last = Math.max(1, Math.ceil(requested.total / query.taille));
      if (query.page <= last) return { ...requested, page: query.page, taille: query.taille };
      // Past the end (a bookmark, lines gone meanwhile): the last page, never "no line" beside a total.
      const page = requested.total === 0 ? requested : await repo.page(idClientBscs, { ...query, page: last });
      return { ...page, page: last, taille: query.taille };
    },

    /**
     * The lines the list's filters select (or the selection `ids`, all of the account), in the
     * list's order, as a CSV or XLSX file read batch by batch while it is sent. Every export is
     * recorded in the audit log (decision 017).
     */
    async exportLines(actor: Actor, idClientBscs: number, query: LineExportQuery): Promise<LineExportFile> {
      const { format, tri, ordre, ...filters } = query;
      if (filters.ids?.length) await policy.assertAccountContracts(actor.userId, idClientBscs, filters.ids);
      else await policy.assertAccount(actor.userId, idClientBscs);
      await assertCentreFilter(idClientBscs, filters);
      const total = await repo.count(idClientBscs, filters);
      await audit.record({ ...actor, action: 'EXPORT_LIGNES', idClientBscs });
      const now = deps.clock.now();
      const batches = repo.exportBatches(idClientBscs, filters, { tri, ordre });
      return {
        filename: `lignes-${idClientBscs}-${parisToday(now)}.${format}`,
        contentType: EXPORT_CONTENT_TYPES[format],
        total,
        body: format === 'csv' ? csvExport(batches) : xlsxExport(batches, now),
      };
    },

    async detail(userId: number, idContrat: number): Promise<LineDetail> {
      return detailFor(await policy.contractAccess(userId, idContrat), idContrat);
    },

    /** The PUK codes; every read is recorded. */
    async puk(actor: Actor, idContrat: number): Promise<Puk> {
      const access = await policy.assertLineAction(actor.userId, idContrat, 'PUK');
      await stateFor(idContrat, 'PUK');
      const codes = await repo.puk(idContrat);
      if (!codes?.puk || !codes.puk2) throw fail('PUK_UNAVAILABLE');
      await audit.record({ ...actor, action: 'LECTURE_PUK', idClientBscs: access.idClientBscs, idContrat });
      return { puk: codes.puk, puk2: codes.puk2 };
    },

    /** Spec §3 "SIM check": whether a typed ICCID may go on the line, with a French message either way. */
    async checkSim(userId: number, request: { Id: number; NumeroSim: string }): Promise<SimCheckResponse> {
      await policy.assertLineAction(userId, request.Id, 'ACTIVATION_SIM');
      const state = await stateFor(request.Id, 'ACTIVATION_SIM');
      const problem = await simProblem(request.Id, request.NumeroSim, state.iccid);
      if (problem.code) return { valide: false, message: errorMessage(problem.code) };
      return { valide: true, message: 'Le numéro de la carte SIM est valide : vous pouvez l’activer sur cette ligne.' };
    },

    /** Puts a new SIM card on the line after the same checks, recorded with it in one transaction. */
    async activateSim(actor: Actor, idContrat: number, numeroLigne: string, numeroSim: string): Promise<LineDetail> {
      const access = await policy.assertLineAction(actor.userId, idContrat, 'ACTIVATION_SIM');
      const state = await stateFor(idContrat, 'ACTIVATION_SIM');
      if ((nationalLineDigits(numeroLigne) ?? numeroLigne) !== state.numeroLigne) throw fail('LINE_NUMBER_MISMATCH');
      const problem = await simProblem(idContrat, numeroSim, state.iccid);
      if (problem.code) throw fail(problem.code);
      try {
        await deps.transaction(async (tx) => {
          await repo.setSim(idContrat, { iccid: problem.iccid, puk: newPuk(), puk2: newPuk() }, tx);
          await audit.record({ ...actor, action: 'ACTIVATION_SIM', idClientBscs: access.idClientBscs, idContrat }, { tx });
          // A line still being set up becomes active with its card.
          if (state.codeStatut === 'EN_COURS') {
            const data = { idContrat, numeroLigne: state.numeroLigne, statut: 'ACTIF' as const, statutPrecedent: state.codeStatut, cause: 'ACTIVATION_SIM' as const };
            await deps.webhooks.emit(tx, { idClientBscs: access.idClientBscs, type: 'ligne.statut', data });
          }
        });
      } catch (error) {
        // Another line took the card between the check and the write.
        if (isUniqueViolation(error)) throw fail('SIM_IN_USE');
        throw error;
      }
      return detailFor(access, idContrat);
    },

    /** The line's RIO, derived from stored data so that it never changes; every read is recorded. */
    async rio(actor: Actor, idContrat: number): Promise<RioResponse> {
      const access = await policy.assertLineAction(actor.userId, idContrat, 'RIO');
      const state = await stateFor(idContrat, 'RIO');
      const rio = buildRio({ operateur: RIO_OPERATOR_CODE, qualite: RIO_BUSINESS, reference: rioReference(idContrat), numero: state.numeroLigne });
      await audit.record({ ...actor, action: 'LECTURE_RIO', idClientBscs: access.idClientBscs, idContrat });
      return { rio, numeroLigne: state.numeroLigne };
    },

    /**
     * Suspends the line at once, records the declaration and the audit entry, and e-mails the
     * account's managers, all in one transaction.
     */
    async declareLossTheft(actor: Actor & { name: string }, idContrat: number, idClientBscs: number, declaration: LossTheftDeclaration): Promise<LineDetail> {
      const access = await policy.assertLineAction(actor.userId, idContrat, 'PERTE_OU_VOL', idClientBscs);
      const now = deps.clock.now();
      if (declaration.dateEvenement > parisToday(now)) throw fail('EVENT_DATE_IN_FUTURE');
      const state = await stateFor(idContrat, 'PERTE_OU_VOL');
      const managers = await policy.managerEmails(idClientBscs);
      const mail = lossTheftMail(
        deps.brandName,
        { numeroLigne: state.numeroLigne, motif: declaration.motif, dateEvenement: declaration.dateEvenement, declarant: actor.name },
        `${deps.publicUrl}/ecare/ligne-mobile/${idContrat}`,
      );
      try {
        await deps.transaction(async (tx) => {
          const suspended = await repo.suspendForLossTheft(
            {
              idContrat,
              idClientBscs,
              motif: declaration.motif,
              dateEvenement: declaration.dateEvenement,
              commentaire: declaration.commentaire || null,
              declaredBy: actor.userId,
              declaredAt: now,
            },
            tx,
          );
          if (!suspended) throw fail('LINE_ALREADY_SUSPENDED');
          await audit.record({ userId: actor.userId, sourceAddress: actor.sourceAddress, action: 'DECLARATION_PERTE_VOL', idClientBscs, idContrat }, { tx });
          const data = { idContrat, numeroLigne: state.numeroLigne, statut: 'SUSPENDU' as const, statutPrecedent: 'ACTIF' as const, cause: 'PERTE_OU_VOL' as const };
          await deps.webhooks.emit(tx, { idClientBscs, type: 'ligne.statut', data });
          for (const to of managers) await deps.mail.send(to, mail, { tx });
        });
      } catch (error) {
        if (!(error instanceof AppError) && isUniqueViolation(error)) throw fail('LINE_ALREADY_SUSPENDED');
        throw error;
      }
      return detailFor(access, idContrat);
    },

    /**
     * The user of each line named, in the order asked. Every line must be one the caller reaches
     * (a manager's account, or a line user's own line), else the whole request is refused.
     */
    async lineUsers(userId: number, idContrats: readonly number[]): Promise<LineUserEntry[]> {
      await policy.assertContracts(userId, idContrats);
      const byId = new Map((await repo.lineUsers(idContrats)).map((row) => [row.idContrat, row]));
      return idContrats.flatMap((idContrat) => byId.get(idContrat) ?? []);
    },

    /** Names the line's user (the account's manager only), recorded with the change in one transaction. */
    async setLineUser(actor: Actor, idContrat: number, update: LineUserUpdate): Promise<LineUserEntry> {
      const access = await rows.lineUser.check(actor.userId, idContrat);
      return deps.transaction(async (tx) => (await rows.lineUser.apply(tx, actor, access, idContrat, lineUserWrite(update))).apres);
    },

    /** The directory listing alone: the manager, or the line's own user for their number (decision 020). */
    async setDirectoryListing(actor: Actor, idContrat: number, inscriptionAnnuaire: DirectoryListing): Promise<LineUserEntry> {
      const access = await rows.directoryListing.check(actor.userId, idContrat);
      return deps.transaction(async (tx) => (await rows.directoryListing.apply(tx, actor, access, idContrat, inscriptionAnnuaire)).apres);
    },

    /** Bars or allows roaming and international calls on the line (the account's manager), recorded with the change in one transaction. */
    async setBarrings(actor: Actor, idContrat: number, barrings: LineBarrings): Promise<LineBarringsAnswer> {
      const access = await rows.barring.check(actor.userId, idContrat);
      const { apres } = await deps.transaction(async (tx) => rows.barring.apply(tx, actor, access, idContrat, barrings));
      return { idContrat, ...apres };
    },

    rows,

    /** Lifts the suspension of a loss or theft declaration. */
    async restore(actor: Actor, idContrat: number, idClientBscs: number): Promise<LineDetail> {
      const access = await policy.assertLineAction(actor.userId, idContrat, 'RETABLISSEMENT', idClientBscs);
      const state = await stateFor(idContrat, 'RETABLISSEMENT');
      await deps.transaction(async (tx) => {
        const restored = await repo.restore(idContrat, { userId: actor.userId, at: deps.clock.now() }, tx);
        if (!restored) throw fail('NO_LOSS_THEFT_SUSPENSION');
        await audit.record({ ...actor, action: 'RETABLISSEMENT_LIGNE', idClientBscs, idContrat }, { tx });
        if (restored.restoredTo !== null) {
          const data = { idContrat, numeroLigne: state.numeroLigne, statut: restored.restoredTo, statutPrecedent: 'SUSPENDU' as const, cause: 'RETABLISSEMENT' as const };
          await deps.webhooks.emit(tx, { idClientBscs, type: 'ligne.statut', data });
        }
      });
      return detailFor(access, idContrat);
    },
  };
}
export type LinesService = ReturnType<typeof createLinesService>;
