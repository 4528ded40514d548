import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingAccounts, contracts, costCentres } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

export type CentreRow = Pick<typeof costCentres.$inferSelect, 'idCentre' | 'code' | 'libelle' | 'idParent'>;

const centreColumns = { idCentre: costCentres.idCentre, code: costCentres.code, libelle: costCentres.libelle, idParent: costCentres.idParent };

/** A line as its centre and labels are decided on, locked for the rest of the transaction. */
export interface LockedLine {
  idContrat: number;
  idClientBscs: number;
  codeStatut: string;
  idCentre: number | null;
  etiquettes: string[];
}

/*
 * The writes of one line (the per-row rules of cost-centres.rows.ts): they only ever use the
 * transaction they are handed, so that another module's job can run them in its own.
 */

export async function lockLine(tx: Transaction, idContrat: number): Promise<LockedLine | undefined> {
  const [row] = await tx.db
    .select({ idContrat: contracts.idContrat, idClientBscs: contracts.idClientBscs, codeStatut: contracts.codeStatut, idCentre: contracts.idCentre, etiquettes: contracts.etiquettes })
    .from(contracts)
    .where(eq(contracts.idContrat, idContrat))
    .for('update');
  return row;
}

/** The centre if it is one of the account's, kept from deletion until the transaction ends. */
export async function centreForShare(tx: Transaction, idClientBscs: number, idCentre: number): Promise<CentreRow | undefined> {
  const [row] = await tx.db
    .select(centreColumns)
    .from(costCentres)
    .where(and(eq(costCentres.idCentre, idCentre), eq(costCentres.idClientBscs, idClientBscs)))
    .for('key share');
  return row;
}

export async function writeLineCentre(tx: Transaction, idContrat: number, idCentre: number | null): Promise<void> {
  await tx.db.update(contracts).set({ idCentre }).where(eq(contracts.idContrat, idContrat));
}

export async function writeLineLabels(tx: Transaction, idContrat: number, etiquettes: string[]): Promise<void> {
  await tx.db.update(contracts).set({ etiquettes }).where(eq(contracts.idContrat, idContrat));
}

export function createCostCentresRepository(db: Database) {
  return {
    /**
     * Holds the account's tree for the rest of the transaction: two writes of one account's
     * centres (a move, a creation, a deletion) run one after the other, so that neither can
     * make a cycle or a fourth level out of what the other had checked.
     */
    async lockTree(tx: Transaction, idClientBscs: number): Promise<boolean> {
      const [row] = await tx.db
        .select({ id: billingAccounts.idClientBscs })
        .from(billingAccounts)
        .where(eq(billingAccounts.idClientBscs, idClientBscs))
        .for('no key update');
      return Boolean(row);
    },

    /** Every centre of the account (a few dozen at most), by code. */
    async centres(idClientBscs: number, tx?: Transaction): Promise<CentreRow[]> {
      return (tx?.db ?? db).select(centreColumns).from(costCentres).where(eq(costCentres.idClientBscs, idClientBscs)).orderBy(asc(costCentres.code));
    },

    /** Lines per centre of the account, and those with none (key null). */
    async lineCounts(idClientBscs: number): Promise<Map<number | null, number>> {
      const rows = await db
        .select({ idCentre: contracts.idCentre, n: count() })
        .from(contracts)
        .where(eq(contracts.idClientBscs, idClientBscs))
        .groupBy(contracts.idCentre);
      return new Map(rows.map((row) => [row.idCentre, row.n]));
    },

    async insert(tx: Transaction, idClientBscs: number, centre: Omit<CentreRow, 'idCentre'>, now: Date): Promise<CentreRow> {
      const [row] = await tx.db.insert(costCentres).values({ ...centre, idClientBscs, creeLe: now }).returning(centreColumns);
      if (!row) throw new Error('cost centre not inserted');
      return row;
    },

    async update(tx: Transaction, idCentre: number, centre: Omit<CentreRow, 'idCentre'>): Promise<CentreRow | undefined> {
      const [row] = await tx.db.update(costCentres).set(centre).where(eq(costCentres.idCentre, idCentre)).returning(centreColumns);
      return row;
    },

    async linesOf(tx: Transaction, idCentre: number): Promise<number> {
      const [row] = await tx.db.select({ n: count() }).from(contracts).where(eq(contracts.idCentre, idCentre));
      return row?.n ?? 0;
    },

    /** Moves every line of a centre to another (or to none); how many moved. */
    async moveLines(tx: Transaction, from: number, to: number | null): Promise<number> {
      const moved = await tx.db.update(contracts).set({ idCentre: to }).where(eq(contracts.idCentre, from)).returning({ idContrat: contracts.idContrat });
      return moved.length;
    },

    async remove(tx: Transaction, idCentre: number): Promise<void> {
      await tx.db.delete(costCentres).where(eq(costCentres.idCentre, idCentre));
    },

    /** A line's centre and labels, as the line writes answer them. */
    async allocation(idContrat: number) {
      const [row] = await db
        .select({ idContrat: contracts.idContrat, etiquettes: contracts.etiquettes, idCentre: costCentres.idCentre, code: costCentres.code, libelle: costCentres.libelle })
        .from(contracts)
        .leftJoin(costCentres, eq(costCentres.idCentre, contracts.idCentre))
        .where(eq(contracts.idContrat, idContrat));
      return row;
    },

    /** The labels the account's lines carry, each with how many lines carry it. */
    async labels(idClientBscs: number): Promise<{ etiquette: string; nombreLignes: number }[]> {
      const rows = await db
        .select({ etiquette: sql<string>`unnest(${contracts.etiquettes})` })
        .from(contracts)
        .where(eq(contracts.idClientBscs, idClientBscs));
      const counts = new Map<string, number>();
      for (const { etiquette } of rows) counts.set(etiquette, (counts.get(etiquette) ?? 0) + 1);
      return [...counts]
        .map(([etiquette, nombreLignes]) => ({ etiquette, nombreLignes }))
        .sort((a, b) => a.etiquette.localeCompare(b.etiquette, 'fr', { sensitivity: 'base' }) || a.etiquette.localeCompare(b.etiquette));
    },

    /** Whether each of the ids is a centre of the account. */
    async ofAccount(idClientBscs: number, ids: readonly number[]): Promise<boolean> {
      if (ids.length === 0) return true;
      const [row] = await db
        .select({ n: count() })
        .from(costCentres)
        .where(and(eq(costCentres.idClientBscs, idClientBscs), inArray(costCentres.idCentre, [...new Set(ids)])));
      return (row?.n ?? 0) === new Set(ids).size;
    },
  };
}
export type CostCentresRepository = ReturnType<typeof createCostCentresRepository>;
