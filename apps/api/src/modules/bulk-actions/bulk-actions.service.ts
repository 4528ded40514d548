import {
  BULK_ACTION_DEFINITIONS,
  BULK_UNDO_MINUTES,
  errorMessage,
  type ApiErrorCode,
  type BulkAction,
  type BulkCsvRow,
  type BulkJob,
  type BulkJobList,
  type BulkJobSummary,
  type BulkRequest,
  type BulkRowAnswer,
  type BulkSimulation,
} from '@ecare/shared';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import type { Jobs } from '../../core/jobs.ts';
import { csvRow, CSV_BOM } from '../../lib/csv.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { actingAgent, runAsAgent, type ActingAgent } from '../../policy/acting-agent.ts';
import { BULK_ACTION_HANDLERS, type RowServices } from './actions/index.ts';
import type { WebhooksModule } from '../webhooks/index.ts';
import type { BulkActionsMails } from './bulk-actions.mails.ts';
import type { BulkActionsRepository, BulkJobLine, BulkJobRow, NewBulkJobLine, RowOutcome } from './bulk-actions.repository.ts';

export const BULK_QUEUE = 'bulk-actions.run';
/**
 * A run of the queue on a job is taken for lost (its instance crashed) this long after it began,
 * and retried: a run works at most `runSeconds` (BULK_ACTIONS_RUN_SECONDS, at most 60) and one
 * more chunk, then queues the rest as a new run, so that a crash stalls a job two minutes, not
 * pg-boss's fifteen.
 */
export const BULK_RUN_EXPIRY_SECONDS = 120;
export interface BulkRunJob {
  idTraitement: number;
}

/** A job of more rows than this is "long": its end is e-mailed to whoever started it (any job of an action with `endMail`). */
export const BULK_MAIL_THRESHOLD = 100;
/** Jobs the job centre lists. */
const LISTED_JOBS = 50;

export interface BulkActionsDeps extends ServiceCore {
  repo: BulkActionsRepository;
  jobs: Jobs;
  mails: BulkActionsMails;
  services: RowServices;
  chunkSize: number;
  /** How long one run works a job's chunks before queuing the rest (0: one chunk a run). */
  runSeconds: number;
  /** True once the server is stopping: a job stops between two chunks and resumes on another instance. */
  stopping: () => boolean;
  /** Tells the account's webhooks of a job (or its undo) done (`traitement.termine`). */
  webhooks: Pick<WebhooksModule, 'emit'>;
}

/** A row as a request names it, resolved on the account, before any rule. */
interface ResolvedRow {
  idContrat: number | null;
  numeroLigne: string;
  valeurs: unknown;
  /** A refusal known before the rules: not a line of the account, a duplicate, invalid values. */
  refus: string | null;
}

const refusal = (code: ApiErrorCode): string => (errorMessage as (code: ApiErrorCode) => string)(code);

/** The message of a row's refusal: the single action's own, for its coded errors. */
function motifOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  throw error;
}

/**
 * `work` on each item, `limit` at a time, results in the items' order: the rows' checks are
 * reads, independent of each other, that a pool of connections runs side by side.
 */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Checks of one request or chunk run at once: well within the pool (PGlite queues them on its one connection). */
const CHECKS_AT_ONCE = 4;

function issueText(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join(' ; ');
}

export function createBulkActionsService(deps: BulkActionsDeps) {
  const { repo, policy, audit, transaction, clock, jobs, mails, services } = deps;

  /** Managers of the account only (an agent in a manager's session, audited with their reason). */
  const assertManager = (userId: number, idClientBscs: number) => policy.assertAccount(userId, idClientBscs);

  function parametersOf(action: BulkAction, given: unknown) {
    const parsed = BULK_ACTION_DEFINITIONS[action].parametres.safeParse(given);
    if (!parsed.success) throw fail('BULK_PARAMETERS_INVALID', { values: { detail: issueText(parsed.error) } });
    return parsed.data as object;
  }

  /** Each row's line on the account, its values checked; refusals known before the rules. */
  function finish(action: BulkAction, rows: { idContrat: number | null; numeroLigne: string; valeurs: unknown; refus: string | null }[]): ResolvedRow[] {
    const seen = new Set<number>();
    const schema = BULK_ACTION_DEFINITIONS[action].valeurs;
    return rows.map((row) => {
      if (row.refus || row.idContrat === null) return row;
      if (seen.has(row.idContrat)) return { ...row, refus: refusal('BULK_DUPLICATE_LINE') };
      seen.add(row.idContrat);
      if (!schema) return { ...row, valeurs: null };
      const parsed = schema.safeParse(row.valeurs);
      if (!parsed.success) return { ...row, refus: errorMessage('BULK_ROW_VALUES_INVALID', { detail: issueText(parsed.error) }) };
      return { ...row, valeurs: parsed.data };
    });
  }

  async function resolveIds(idClientBscs: number, request: BulkRequest): Promise<ResolvedRow[]> {
    const named = request.lignes.map((row) => (typeof row === 'number' ? { idContrat: row, valeurs: null } : { idContrat: row.idContrat, valeurs: row }));
    const found = new Map((await repo.linesByIds(idClientBscs, [...new Set(named.map((row) => row.idContrat))])).map((line) => [line.idContrat, line.numeroLigne]));
    return finish(
      request.action,
      named.map(({ idContrat, valeurs }) => {
        const numeroLigne = found.get(idContrat);
        // Another account's line, or none: refused as the single action refuses it, its number never shown.
        if (numeroLigne === undefined) return { idContrat, numeroLigne: '', valeurs, refus: refusal('FORBIDDEN_CONTRACT') };
        return { idContrat, numeroLigne, valeurs, refus: null };
      }),
    );
  }

  async function resolveCsv(idClientBscs: number, action: BulkAction, rows: readonly BulkCsvRow[]): Promise<ResolvedRow[]> {
    const numbers = [...new Set(rows.flatMap((row) => (row.numero ? [row.numero] : [])))];
    const found = new Map((await repo.linesByNumbers(idClientBscs, numbers)).map((line) => [line.numeroLigne, line.idContrat]));
    return finish(
      action,
      rows.map((row) => {
        const [prenom = '', nom = '', email = ''] = row.cellules;
        const valeurs = { prenom, nom, email };
        if (!row.numero) return { idContrat: null, numeroLigne: row.saisi, valeurs, refus: refusal('BULK_NUMBER_INVALID') };
        const idContrat = found.get(row.numero);
        if (idContrat === undefined) return { idContrat: null, numeroLigne: row.numero, valeurs, refus: refusal('BULK_NUMBER_UNKNOWN') };
        return { idContrat, numeroLigne: row.numero, valeurs, refus: null };
      }),
    );
  }

  /** A row's checks: what they hand to the write, or the reason of the refusal (a coded error's message). */
  async function verdictOf(checks: () => Promise<unknown>): Promise<{ checked: unknown; motif: string | null }> {
    try {
      return { checked: await checks(), motif: null };
    } catch (error) {
      return { checked: null, motif: motifOf(error) };
    }
  }

  /** The rules of the single action on one row, as `userId`: null when allowed, else the reason. */
  function check(action: BulkAction, userId: number, idClientBscs: number, idContrat: number, params: object, valeurs: unknown) {
    return verdictOf(() => BULK_ACTION_HANDLERS[action].check(services, userId, { idContrat, idClientBscs }, params, valeurs));
  }

  /** What a row done (or that would be) says: the action's note, if it has one. */
  const noteOf = (action: BulkAction, checked: unknown): string | null => BULK_ACTION_HANDLERS[action].note?.(checked) ?? null;

  const undoable = (action: BulkAction): boolean => Boolean(BULK_ACTION_HANDLERS[action].undo ?? BULK_ACTION_HANDLERS[action].revert);

  function undoDeadline(job: BulkJobRow): Date | null {
    if (job.termineLe === null || job.retourArriere !== null || !undoable(job.action as BulkAction) || job.faits === 0) return null;
    const deadline = new Date(job.termineLe.getTime() + BULK_UNDO_MINUTES * 60_000);
    return deadline > clock.now() ? deadline : null;
  }

  function summaryOf(job: BulkJobRow): BulkJobSummary {
    return {
      idTraitement: job.idTraitement,
      action: job.action as BulkAction,
      statut: job.statut,
      total: job.total,
      faits: job.faits,
      refuses: job.refuses,
      creeLe: job.creeLe.toISOString(),
      termineLe: job.termineLe?.toISOString() ?? null,
      retourArriere: job.retourArriere,
      retourArrierePossibleJusquA: undoDeadline(job)?.toISOString() ?? null,
    };
  }

  const RESULTS: Record<BulkJobLine['etat'], BulkRowAnswer['resultat']> = {
    A_FAIRE: 'EN_ATTENTE',
    OK: 'OK',
    REFUS: 'REFUS',
    ANNULE: 'ANNULE',
    A_DEFAIRE: 'OK',
    RETABLI: 'RETABLI',
  };
  const rowAnswer = (row: BulkJobLine): BulkRowAnswer => ({ idContrat: row.idContrat, numeroLigne: row.numeroLigne, resultat: RESULTS[row.etat], motif: row.motif });

  async function reachedJob(userId: number, idClientBscs: number, idTraitement: number): Promise<BulkJobRow> {
    await assertManager(userId, idClientBscs);
    const job = await repo.job(idTraitement);
    if (!job || job.idClientBscs !== idClientBscs) throw fail('BULK_JOB_NOT_FOUND');
    return job;
  }

  /**
   * One chunk of a job: the next rows not done yet, checked (outside the transaction: the access
   * policy reads the pool), then in one transaction, under the account's lock and the lines' row
   * locks, those still not done applied and their states written. A chunk run twice (a retry)
   * finds its rows done and skips them. Returns whether rows remain.
   */
  async function runChunk(idTraitement: number): Promise<boolean> {
    const job = await repo.job(idTraitement);
    if (!job) return false;
    const undoing = job.retourArriere === 'EN_COURS';
    if (!undoing && (job.statut === 'ANNULE' || job.statut === 'TERMINE')) return false;
    const pending = undoing ? 'A_DEFAIRE' : 'A_FAIRE';
    const handler = BULK_ACTION_HANDLERS[job.action as BulkAction];
    const rows = await repo.nextRows(idTraitement, pending, deps.chunkSize);
    const actor: Actor = { userId: job.userId, sourceAddress: job.sourceAddress };
    const checks = new Map<number, { checked: unknown; motif: string | null; params: object; valeurs: unknown }>();
    await mapLimit(rows, CHECKS_AT_ONCE, async (row) => {
      if (row.idContrat === null) return;
      const { revert } = handler;
      if (undoing && revert) {
        const line = { idContrat: row.idContrat, idClientBscs: job.idClientBscs };
        checks.set(row.position, { ...(await verdictOf(() => revert.check(services, job.userId, line, row.avant))), params: {}, valeurs: null });
        return;
      }
      const { params, values } = undoing && handler.undo ? handler.undo(row.avant) : { params: job.parametres as object, values: row.valeurs };
      checks.set(row.position, { ...(await check(job.action as BulkAction, job.userId, job.idClientBscs, row.idContrat, params, values)), params, valeurs: values });
    });
    return transaction(async (tx) => {
      const locked = await repo.lockJob(tx, idTraitement);
      if (!locked || (!undoing && locked.statut === 'ANNULE')) return false;
      await repo.lockLines(tx, job.idClientBscs, rows.flatMap((row) => (row.idContrat === null ? [] : [row.idContrat])));
      const todo = await repo.lockPending(tx, idTraitement, rows.map((row) => row.position), pending);
      const outcomes: RowOutcome[] = [];
      for (const row of rows) {
        if (!todo.has(row.position)) continue;
        const verdict = checks.get(row.position);
        if (!verdict || row.idContrat === null) {
          outcomes.push({ position: row.position, etat: 'REFUS', motif: row.motif ?? refusal('BULK_NUMBER_UNKNOWN') });
          continue;
        }
        if (verdict.motif !== null) {
          // An undo refused leaves the row done, saying why it was not put back.
          outcomes.push(undoing ? { position: row.position, etat: 'OK', motif: `Retour arrière refusé : ${verdict.motif}` } : { position: row.position, etat: 'REFUS', motif: verdict.motif });
          continue;
        }
        try {
          if (undoing && handler.revert) {
            await handler.revert.apply(services, tx, actor, verdict.checked);
            outcomes.push({ position: row.position, etat: 'RETABLI', motif: null });
            continue;
          }
          const avant = await handler.apply(services, tx, actor, verdict.checked, verdict.params, verdict.valeurs);
          outcomes.push(undoing ? { position: row.position, etat: 'RETABLI', motif: null } : { position: row.position, etat: 'OK', motif: noteOf(job.action as BulkAction, verdict.checked), avant });
        } catch (error) {
          outcomes.push({ position: row.position, etat: undoing ? 'OK' : 'REFUS', motif: motifOf(error) });
        }
      }
      const now = clock.now();
      await repo.recordOutcomes(tx, idTraitement, outcomes, now);
      if (!undoing) {
        const faits = outcomes.filter((row) => row.etat === 'OK').length;
        await repo.addCounts(tx, idTraitement, faits, outcomes.length - faits);
      }
      if (rows.length < deps.chunkSize) {
        // The last chunk: the job ends with it.
        if (undoing) await repo.updateJob(tx, idTraitement, { retourArriere: 'TERMINE' });
        else await repo.updateJob(tx, idTraitement, { statut: 'TERMINE', termineLe: now });
        const ended = { ...locked, faits: locked.faits + (undoing ? 0 : outcomes.filter((row) => row.etat === 'OK').length), refuses: locked.refuses + (undoing ? 0 : outcomes.filter((row) => row.etat === 'REFUS').length) };
        if (locked.total > BULK_MAIL_THRESHOLD || handler.endMail) {
          const to = await repo.userEmail(tx, job.userId);
          if (to) await mails.jobEnded(tx, to, ended, undoing, handler.endMail);
        }
        const data = { idTraitement, action: job.action as BulkAction, retourArriere: undoing, total: ended.total, faits: ended.faits, refuses: ended.refuses };
        await deps.webhooks.emit(tx, { idClientBscs: job.idClientBscs, type: 'traitement.termine', data });
        return false;
      }
      return true;
    });
  }

  /** Runs a job's chunks as whoever started it (an agent's session as the agent's), until done or the server stops. */
  async function run(idTraitement: number): Promise<void> {
    const job = await repo.job(idTraitement);
    if (!job) return;
    const agent = job.agent as ActingAgent | null;
    const started = performance.now();
    const work = async () => {
      while (await runChunk(idTraitement)) {
        // Stopping: the job is failed on purpose, so that the queue gives it to another instance,
        // which resumes with the rows not done yet.
        if (deps.stopping()) throw new Error(`bulk job ${idTraitement} interrupted by shutdown; it resumes where it stopped`);
        // The run's time spent: the rest is a new run of the queue (any instance may take it).
        if (performance.now() - started >= deps.runSeconds * 1_000) {
          await jobs.send(BULK_QUEUE, { idTraitement } satisfies BulkRunJob);
          return;
        }
      }
    };
    if (agent) await runAsAgent(agent, work).result;
    else await work();
  }

  return {
    run,
    runChunk,

    async simulate(actor: Actor, idClientBscs: number, request: BulkRequest, csv?: readonly BulkCsvRow[]): Promise<BulkSimulation> {
      await assertManager(actor.userId, idClientBscs);
      const params = parametersOf(request.action, request.parametres);
      const rows = csv ? await resolveCsv(idClientBscs, request.action, csv) : await resolveIds(idClientBscs, request);
      const lignes = await mapLimit(rows, CHECKS_AT_ONCE, async (row): Promise<BulkRowAnswer> => {
        if (row.refus !== null || row.idContrat === null) return { idContrat: row.idContrat, numeroLigne: row.numeroLigne, resultat: 'REFUS', motif: row.refus };
        const { checked, motif } = await check(request.action, actor.userId, idClientBscs, row.idContrat, params, row.valeurs);
        if (motif !== null) return { idContrat: row.idContrat, numeroLigne: row.numeroLigne, resultat: 'REFUS', motif };
        return { idContrat: row.idContrat, numeroLigne: row.numeroLigne, resultat: 'OK', motif: noteOf(request.action, checked) };
      });
      return { action: request.action, total: lignes.length, refuses: lignes.filter((row) => row.resultat === 'REFUS').length, lignes };
    },

    /** Records the job and its rows and queues it, in one transaction; the rows are done by the queue's worker. */
    async start(actor: Actor, idClientBscs: number, request: BulkRequest, csv?: readonly BulkCsvRow[]): Promise<{ idTraitement: number }> {
      await assertManager(actor.userId, idClientBscs);
      const parametres = parametersOf(request.action, request.parametres);
      const rows = csv ? await resolveCsv(idClientBscs, request.action, csv) : await resolveIds(idClientBscs, request);
      const now = clock.now();
      const lines: NewBulkJobLine[] = rows.map((row, position) => ({
        position,
        idContrat: row.refus === null ? row.idContrat : null,
        numeroLigne: row.numeroLigne,
        valeurs: row.valeurs ?? null,
        etat: row.refus === null ? 'A_FAIRE' : 'REFUS',
        motif: row.refus,
        faitLe: row.refus === null ? null : now,
      }));
      const refuses = lines.filter((row) => row.etat === 'REFUS').length;
      const agent = actingAgent() ?? null;
      return transaction(async (tx) => {
        const idTraitement = await repo.createJob(
          tx,
          { idClientBscs, userId: actor.userId, agent, sourceAddress: actor.sourceAddress, action: request.action, parametres, statut: 'EN_ATTENTE', total: lines.length, refuses, creeLe: now },
          lines,
        );
        await audit.record({ ...actor, action: 'ACTION_GROUPEE', idClientBscs, details: { idTraitement, action: request.action, parametres, lignes: lines.length } }, { tx });
        await jobs.send(BULK_QUEUE, { idTraitement } satisfies BulkRunJob, { tx });
        return { idTraitement };
      });
    },

    async list(userId: number, idClientBscs: number): Promise<BulkJobList> {
      await assertManager(userId, idClientBscs);
      return { traitements: (await repo.jobsOf(idClientBscs, LISTED_JOBS)).map(summaryOf) };
    },

    async job(userId: number, idClientBscs: number, idTraitement: number): Promise<BulkJob> {
      const job = await reachedJob(userId, idClientBscs, idTraitement);
      return { ...summaryOf(job), lignes: (await repo.rowsOf(idTraitement)).map(rowAnswer) };
    },

    /** A job's progress without its rows (what the page reads every second while it runs). */
    async progress(userId: number, idClientBscs: number, idTraitement: number): Promise<BulkJobSummary> {
      return summaryOf(await reachedJob(userId, idClientBscs, idTraitement));
    },

    /** The rows and their results as a CSV file (numbers, result, reason). */
    async resultsCsv(userId: number, idClientBscs: number, idTraitement: number): Promise<{ filename: string; body: string; count: number }> {
      const job = await reachedJob(userId, idClientBscs, idTraitement);
      const rows = await repo.rowsOf(idTraitement);
      const lines = [csvRow(['Numéro de ligne', 'Résultat', 'Motif']), ...rows.map((row) => csvRow([row.numeroLigne, RESULTS[row.etat], row.motif ?? '']))];
      return { filename: `traitement-${job.idTraitement}.csv`, body: CSV_BOM + lines.join(''), count: rows.length };
    },

    /** Stops a job: the rows not done yet are not done. */
    async cancel(actor: Actor, idClientBscs: number, idTraitement: number): Promise<BulkJob> {
      await reachedJob(actor.userId, idClientBscs, idTraitement);
      await transaction(async (tx) => {
        const job = await repo.lockJob(tx, idTraitement);
        if (!job || (job.statut !== 'EN_ATTENTE' && job.statut !== 'EN_COURS')) throw fail('BULK_NOT_CANCELLABLE');
        await repo.moveRows(tx, idTraitement, 'A_FAIRE', 'ANNULE');
        await repo.updateJob(tx, idTraitement, { statut: 'ANNULE', termineLe: clock.now() });
        await audit.record({ ...actor, action: 'ANNULATION_ACTION_GROUPEE', idClientBscs, details: { idTraitement } }, { tx });
      });
      return this.job(actor.userId, idClientBscs, idTraitement);
    },

    /** Puts back, row by row through the same rules, what a job that ended less than 15 minutes ago changed. */
    async undo(actor: Actor, idClientBscs: number, idTraitement: number): Promise<BulkJob> {
      await reachedJob(actor.userId, idClientBscs, idTraitement);
      await transaction(async (tx) => {
        const job = await repo.lockJob(tx, idTraitement);
        if (!job || (job.statut !== 'TERMINE' && job.statut !== 'ANNULE') || undoDeadline(job) === null) throw fail('BULK_NOT_UNDOABLE');
        await repo.moveRows(tx, idTraitement, 'OK', 'A_DEFAIRE', true);
        await repo.updateJob(tx, idTraitement, { retourArriere: 'EN_COURS' });
        await audit.record({ ...actor, action: 'RETOUR_ARRIERE_ACTION_GROUPEE', idClientBscs, details: { idTraitement } }, { tx });
        await jobs.send(BULK_QUEUE, { idTraitement } satisfies BulkRunJob, { tx });
      });
      return this.job(actor.userId, idClientBscs, idTraitement);
    },
  };
}
export type BulkActionsService = ReturnType<typeof createBulkActionsService>;
