import { inArray, sql, type Column } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { contracts, lineUsageDays } from '../../db/schema.ts';
import { usageEvents } from './usage-feed.schema.ts';

/** A line as the feed names it: its contract and whether it still runs. */
export interface FedLine {
  idContrat: number;
  numeroLigne: string;
  resiliee: boolean;
}

/** A record to keep, its line found. */
export type StoredUsageEvent = typeof usageEvents.$inferInsert;
/** A line's day as one batch adds to it. */
export type UsageDayIncrement = typeof lineUsageDays.$inferInsert;

/** Rows per INSERT: 8 values a record stays far below PostgreSQL's 65,535 parameters a statement. */
const ROWS_PER_STATEMENT = 2_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

export function createUsageFeedRepository(db: Database) {
  return {
    /** The lines carrying these numbers, a running one before a terminated one of the same number. */
    async linesByNumber(numbers: readonly string[]): Promise<Map<string, FedLine>> {
      const found = new Map<string, FedLine>();
      for (const part of chunks(numbers, 10_000)) {
        const rows = await db
          .select({ idContrat: contracts.idContrat, numeroLigne: contracts.numeroLigne, codeStatut: contracts.codeStatut })
          .from(contracts)
          .where(inArray(contracts.numeroLigne, part));
        for (const row of rows) {
          const line = { idContrat: row.idContrat, numeroLigne: row.numeroLigne, resiliee: row.codeStatut === 'RESILIE' };
          const known = found.get(row.numeroLigne);
          if (!known || (known.resiliee && !line.resiliee)) found.set(row.numeroLigne, line);
        }
      }
      return found;
    },

    /**
     * Keeps the records not kept yet, in the order of their ids (two batches sharing records take
     * their locks in the same order: neither waits on the other in a cycle), and gives back those
     * this call kept; a record already kept, by another batch even now, is left out.
     */
    async insertEvents(tx: Transaction, events: readonly StoredUsageEvent[]): Promise<StoredUsageEvent[]> {
      const kept: StoredUsageEvent[] = [];
      const sorted = [...events].sort((a, b) => (a.idEvenement < b.idEvenement ? -1 : a.idEvenement > b.idEvenement ? 1 : 0));
      for (const part of chunks(sorted, ROWS_PER_STATEMENT)) {
        const rows = await tx.db.insert(usageEvents).values(part).onConflictDoNothing({ target: usageEvents.idEvenement }).returning({ idEvenement: usageEvents.idEvenement });
        const ids = new Set(rows.map((row) => row.idEvenement));
        kept.push(...part.filter((event) => ids.has(event.idEvenement)));
      }
      return kept;
    },

    /** Adds each line's day to what it holds, in the order of their keys (the same lock order for every batch). */
    async addToDays(tx: Transaction, days: readonly UsageDayIncrement[]): Promise<void> {
      const sorted = [...days].sort((a, b) => a.idContrat - b.idContrat || (a.jour < b.jour ? -1 : a.jour > b.jour ? 1 : 0));
      const add = (column: Column) => sql`${column} + excluded.${sql.identifier(column.name)}`;
      for (const part of chunks(sorted, ROWS_PER_STATEMENT)) {
        await tx.db
          .insert(lineUsageDays)
          .values(part)
          .onConflictDoUpdate({
            target: [lineUsageDays.idContrat, lineUsageDays.jour],
            set: {
              dataOctets: add(lineUsageDays.dataOctets),
              voixSecondes: add(lineUsageDays.voixSecondes),
              sms: add(lineUsageDays.sms),
              dataItineranceOctets: add(lineUsageDays.dataItineranceOctets),
              voixItineranceSecondes: add(lineUsageDays.voixItineranceSecondes),
              horsForfaitCentimes: add(lineUsageDays.horsForfaitCentimes),
              itineranceCentimes: add(lineUsageDays.itineranceCentimes),
              releves: add(lineUsageDays.releves),
            },
          });
      }
    },
  };
}
export type UsageFeedRepository = ReturnType<typeof createUsageFeedRepository>;
