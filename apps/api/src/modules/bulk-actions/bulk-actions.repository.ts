import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contracts, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';
import { bulkJobRows, bulkJobs } from './bulk-actions.schema.ts';

export type BulkJobRow = typeof bulkJobs.$inferSelect;
export type BulkJobLine = typeof bulkJobRows.$inferSelect;
export type NewBulkJobLine = Omit<typeof bulkJobRows.$inferInsert, 'idTraitement'>;

/** A row's outcome, written for a whole chunk at once. */
export interface RowOutcome {
  position: number;
  etat: 'OK' | 'REFUS' | 'RETABLI';
  motif: string | null;
  /** JSON of what the line had before; undefined keeps what is stored. */
  avant?: unknown;
}

/** First key of the per-account advisory lock of bulk jobs (an arbitrary constant of this module). */
const BULK_LOCK_SPACE = 50_050;

/** Rows inserted per statement: well under PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 2_000;

/** Writes take the transaction they belong to; reads run on their own. */
export function createBulkActionsRepository(db: Database) {
  return {
    /** The lines of the account among `ids` (a request's ids): those of other accounts are missing. */
    async linesByIds(idClientBscs: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ idContrat: contracts.idContrat, numeroLigne: contracts.numeroLigne })
        .from(contracts)
        .where(and(eq(contracts.idClientBscs, idClientBscs), inArray(contracts.idContrat, [...ids])));
    },

    /** The lines of the account among the national numbers given. */
    async linesByNumbers(idClientBscs: number, numbers: readonly string[]) {
      if (numbers.length === 0) return [];
      return db
        .select({ idContrat: contracts.idContrat, numeroLigne: contracts.numeroLigne })
        .from(contracts)
        .where(and(eq(contracts.idClientBscs, idClientBscs), inArray(contracts.numeroLigne, [...numbers])));
    },

    async createJob(tx: Transaction, job: typeof bulkJobs.$inferInsert, rows: readonly NewBulkJobLine[]): Promise<number> {
      const [created] = await tx.db.insert(bulkJobs).values(job).returning({ idTraitement: bulkJobs.idTraitement });
      if (!created) throw new Error('bulk job not created');
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        await tx.db.insert(bulkJobRows).values(rows.slice(start, start + INSERT_BATCH).map((row) => ({ ...row, idTraitement: created.idTraitement })));
      }
      return created.idTraitement;
    },

    async job(idTraitement: number): Promise<BulkJobRow | undefined> {
      const [row] = await db.select().from(bulkJobs).where(eq(bulkJobs.idTraitement, idTraitement));
      return row;
    },

    /** The job, its row locked until the transaction ends: a chunk, a cancel and an undo take turns. */
    async lockJob(tx: Transaction, idTraitement: number): Promise<BulkJobRow | undefined> {
      const [row] = await tx.db.select().from(bulkJobs).where(eq(bulkJobs.idTraitement, idTraitement)).for('update');
      return row;
    },

    async jobsOf(idClientBscs: number, limit: number): Promise<BulkJobRow[]> {
      return db.select().from(bulkJobs).where(eq(bulkJobs.idClientBscs, idClientBscs)).orderBy(desc(bulkJobs.idTraitement)).limit(limit);
    },

    async rowsOf(idTraitement: number): Promise<BulkJobLine[]> {
      return db.select().from(bulkJobRows).where(eq(bulkJobRows.idTraitement, idTraitement)).orderBy(asc(bulkJobRows.position));
    },

    /** The next rows in the state `etat`, in their order. */
    async nextRows(idTraitement: number, etat: 'A_FAIRE' | 'A_DEFAIRE', limit: number): Promise<BulkJobLine[]> {
      return db
        .select()
        .from(bulkJobRows)
        .where(and(eq(bulkJobRows.idTraitement, idTraitement), eq(bulkJobRows.etat, etat)))
        .orderBy(asc(bulkJobRows.position))
        .limit(limit);
    },

    /** Of `positions`, those still in the state `etat`, locked: a row done by another run meanwhile is left out. */
    async lockPending(tx: Transaction, idTraitement: number, positions: readonly number[], etat: 'A_FAIRE' | 'A_DEFAIRE'): Promise<Set<number>> {
      if (positions.length === 0) return new Set();
      const rows = await tx.db
        .select({ position: bulkJobRows.position })
        .from(bulkJobRows)
        .where(and(eq(bulkJobRows.idTraitement, idTraitement), inArray(bulkJobRows.position, [...positions]), eq(bulkJobRows.etat, etat)))
        .orderBy(asc(bulkJobRows.position))
        .for('update');
      return new Set(rows.map((row) => row.position));
    },

    /**
     * Serialises the writes of the jobs of one account (a per-account advisory lock until the
     * transaction ends) and locks the lines in their order, as any other write waits on them.
     */
    async lockLines(tx: Transaction, idClientBscs: number, idContrats: readonly number[]): Promise<void> {
      await tx.db.execute(sql`select pg_advisory_xact_lock(${BULK_LOCK_SPACE}, ${idClientBscs})`);
      if (idContrats.length === 0) return;
      await tx.db
        .select({ idContrat: contracts.idContrat })
        .from(contracts)
        .where(inArray(contracts.idContrat, [...idContrats]))
        .orderBy(asc(contracts.idContrat))
        .for('update');
    },

    /** The outcome of a chunk's rows in one statement. */
    async recordOutcomes(tx: Transaction, idTraitement: number, outcomes: readonly RowOutcome[], at: Date): Promise<void> {
      if (outcomes.length === 0) return;
      const positions = outcomes.map((row) => row.position);
      const etats = outcomes.map((row) => row.etat);
      const motifs = outcomes.map((row) => row.motif);
      const keep = outcomes.map((row) => row.avant === undefined);
      const avants = outcomes.map((row) => (row.avant === undefined ? null : JSON.stringify(row.avant)));
      await tx.db.execute(sql`
        update bulk_job_rows r
        set etat = u.etat, motif = u.motif, avant = case when u.keep then r.avant else u.avant::jsonb end, fait_le = ${at.toISOString()}::timestamptz
        from unnest(${sql.param(positions)}::int[], ${sql.param(etats)}::text[], ${sql.param(motifs)}::text[], ${sql.param(keep)}::boolean[], ${sql.param(avants)}::text[]) as u(position, etat, motif, keep, avant)
        where r.id_traitement = ${idTraitement} and r.position = u.position`);
    },

    async updateJob(tx: Transaction, idTraitement: number, set: Partial<typeof bulkJobs.$inferInsert>): Promise<void> {
      await tx.db.update(bulkJobs).set(set).where(eq(bulkJobs.idTraitement, idTraitement));
    },

    async addCounts(tx: Transaction, idTraitement: number, faits: number, refuses: number): Promise<void> {
      await tx.db
        .update(bulkJobs)
        .set({ faits: sql`${bulkJobs.faits} + ${faits}`, refuses: sql`${bulkJobs.refuses} + ${refuses}`, statut: 'EN_COURS' })
        .where(eq(bulkJobs.idTraitement, idTraitement));
    },

    /** Moves every row of the job in state `from` to `to`; how many moved. */
    async moveRows(tx: Transaction, idTraitement: number, from: BulkJobLine['etat'], to: BulkJobLine['etat'], onlyWithBefore = false): Promise<number> {
      const moved = await tx.db
        .update(bulkJobRows)
        .set({ etat: to })
        .where(
          and(
            eq(bulkJobRows.idTraitement, idTraitement),
            eq(bulkJobRows.etat, from),
            onlyWithBefore ? sql`${bulkJobRows.avant} is not null` : undefined,
          ),
        )
        .returning({ position: bulkJobRows.position });
      return moved.length;
    },

    async userEmail(tx: Transaction, userId: number): Promise<string | null> {
      const [row] = await tx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },
  };
}
export type BulkActionsRepository = ReturnType<typeof createBulkActionsRepository>;

