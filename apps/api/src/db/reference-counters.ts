import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { referenceCounters } from './schema.ts';
import type { Transaction } from './transaction.ts';

/** The series of numbered references: support tickets, invoice complaints, orders, credit notes. */
export type ReferenceSerie = 'SUP' | 'REC' | 'CMD' | 'AV';

/**
 * The next number of a series in a year, taken in the caller's transaction: the row stays locked
 * until it commits, so two takers never get the same number, and a rollback gives it back.
 */
export async function nextReferenceNumber(serie: ReferenceSerie, annee: number, tx: Transaction): Promise<number> {
  return takeReferenceNumber(serie, annee, tx.db);
}

/**
 * The same on a database handle of its own: for the demo seed, which numbers its requests in the
 * series the portal goes on with, in the transaction that loads the demo.
 */
export async function takeReferenceNumber(serie: ReferenceSerie, annee: number, db: Database): Promise<number> {
  const [row] = await db
    .insert(referenceCounters)
    .values({ serie, annee, dernierNumero: 1 })
    .onConflictDoUpdate({
      target: [referenceCounters.serie, referenceCounters.annee],
      set: { dernierNumero: sql`${referenceCounters.dernierNumero} + 1` },
    })
    .returning({ numero: referenceCounters.dernierNumero });
  if (!row) throw new Error(`${serie} reference number not taken`);
  return row.numero;
}
