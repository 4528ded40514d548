import { billingPeriodOf, periodBounds } from '@ecare/shared';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Transaction } from '../../db/transaction.ts';
import { billingAccounts, contracts, lineUsage, lineUsageDays, offers } from '../../db/schema.ts';
import { siretOf } from '../../db/seed/builders.ts';
import { DEMO_COMPANIES } from '../../db/seed/demo-companies.ts';
import { USAGE_LINE_COLUMNS } from '../../db/seed/demo-usage.ts';
import type { DemoAccountLine } from './usage-feed.demo.ts';
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

/** The demo accounts, by their companies' SIRET: a database without the demo data has none of them. */
const DEMO_SIRETS = Object.values(DEMO_COMPANIES).map((company) => siretOf(company.siren, company.establishment));

export function createUsageFeedRepository(db: Database) {
  return {
    /** The lines carrying these numbers, a running one before a terminated one of the same number. */
    async linesByNumber(numbers: readonly string[]): Promise<Map<string, FedLine>> {
      const found = new Map<string, FedLine>();
      if (numbers.length === 0) return found;
      // The numbers as one array parameter: one plan whatever their count.
      const rows = await db
        .select({ idContrat: contracts.idContrat, numeroLigne: contracts.numeroLigne, codeStatut: contracts.codeStatut })
        .from(contracts)
        .where(sql`${contracts.numeroLigne} = any(${sql.param([...numbers])}::text[])`);
      for (const row of rows) {
        const line = { idContrat: row.idContrat, numeroLigne: row.numeroLigne, resiliee: row.codeStatut === 'RESILIE' };
        const known = found.get(row.numeroLigne);
        if (!known || (known.resiliee && !line.resiliee)) found.set(row.numeroLigne, line);
      }
      return found;
    },

    /**
     * Every line of the demo accounts with its plan, and what each used so far in the billing
     * period of `now`: its monthly reading plus the feed's days (data and calls, roaming included).
     */
    async demoLines(now: Date): Promise<{ lines: DemoAccountLine[]; used: Map<number, { dataOctets: number; voiceSeconds: number }> }> {
      const lines = await db
        .select({ ...USAGE_LINE_COLUMNS, numeroLigne: contracts.numeroLigne })
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, contracts.idClientBscs))
        .where(inArray(billingAccounts.sirenSiret, DEMO_SIRETS))
        .orderBy(asc(contracts.idContrat));
      const used = new Map<number, { dataOctets: number; voiceSeconds: number }>();
      if (lines.length === 0) return { lines, used };
      const ids = lines.map((line) => line.idContrat);
      const { debut, fin } = periodBounds(billingPeriodOf(now));
      const monthly = await db
        .select({ idContrat: lineUsage.idContrat, dataMo: lineUsage.dataMo, voixMinutes: lineUsage.voixMinutes })
        .from(lineUsage)
        .where(and(inArray(lineUsage.idContrat, ids), eq(lineUsage.periode, debut)));
      for (const row of monthly) used.set(row.idContrat, { dataOctets: row.dataMo * 1024 * 1024, voiceSeconds: row.voixMinutes * 60 });
      const fed = await db
        .select({
          idContrat: lineUsageDays.idContrat,
          dataOctets: sql<number>`coalesce(sum(${lineUsageDays.dataOctets} + ${lineUsageDays.dataItineranceOctets}), 0)::float8`,
          voiceSeconds: sql<number>`coalesce(sum(${lineUsageDays.voixSecondes} + ${lineUsageDays.voixItineranceSecondes}), 0)::float8`,
        })
        .from(lineUsageDays)
        .where(and(inArray(lineUsageDays.idContrat, ids), between(lineUsageDays.jour, debut, fin)))
        .groupBy(lineUsageDays.idContrat);
      for (const row of fed) {
        const before = used.get(row.idContrat) ?? { dataOctets: 0, voiceSeconds: 0 };
        used.set(row.idContrat, { dataOctets: before.dataOctets + row.dataOctets, voiceSeconds: before.voiceSeconds + row.voiceSeconds });
      }
      return { lines, used };
    },

    /**
     * Forgets up to `limit` records received before `before`: one that old would be refused as
     * HORODATAGE_ANCIEN if sent again, so its id no longer guards against counting it twice.
     */
    async forgetEventsBefore(before: Date, limit: number): Promise<number> {
      const rows = await db.execute(sql`
        delete from ${usageEvents} where id_evenement in (
          select id_evenement from ${usageEvents} where horodatage < ${before.toISOString()}::timestamptz limit ${limit} for update skip locked)
        returning 1`);
      return rowsOf(rows).length;
    },

    /**
     * Keeps the records not kept yet, in the order of their ids (two batches sharing records take
     * their locks in the same order: neither waits on the other in a cycle), and gives back those
     * this call kept; a record already kept, by another batch even now, is left out. One
     * statement whatever the batch's size: each column goes as one array, unnested by the server
     * (decision 045: a row of parameters per record cost most of a batch's time).
     */
    async insertEvents(tx: Transaction, events: readonly StoredUsageEvent[]): Promise<StoredUsageEvent[]> {
      if (events.length === 0) return [];
      const column = <T>(pick: (event: StoredUsageEvent) => T) => sql.param(events.map(pick));
      const rows = await tx.db.execute(sql`
        insert into ${usageEvents} (id_evenement, id_contrat, horodatage, type, zone, volume, montant_hors_forfait_centimes, recu_le)
        select u.id, u.contrat, u.horodatage, u.type, u.zone, u.volume, u.montant, ${sql.param(events[0]?.recuLe.toISOString())}::timestamptz
          from unnest(
            ${column((e) => e.idEvenement)}::text[], ${column((e) => e.idContrat)}::int[], ${column((e) => e.horodatage.toISOString())}::timestamptz[],
            ${column((e) => e.type)}::text[], ${column((e) => e.zone)}::text[], ${column((e) => e.volume)}::bigint[], ${column((e) => e.montantHorsForfaitCentimes)}::int[]
          ) as u(id, contrat, horodatage, type, zone, volume, montant)
         order by u.id collate "C"
        on conflict (id_evenement) do nothing
        returning id_evenement`);
      const ids = new Set(rowsOf<{ id_evenement: string }>(rows).map((row) => row.id_evenement));
      return events.filter((event) => ids.has(event.idEvenement));
    },

    /**
     * Adds each line's day to what it holds, in the order of their keys (the same lock order for
     * every batch), in one statement as for the records.
     */
    async addToDays(tx: Transaction, days: readonly UsageDayIncrement[]): Promise<void> {
      if (days.length === 0) return;
      const column = (pick: (day: UsageDayIncrement) => number | string | undefined) => sql.param(days.map((day) => pick(day) ?? 0));
      const add = (name: string) => sql`${sql.identifier(name)} = ${lineUsageDays}.${sql.identifier(name)} + excluded.${sql.identifier(name)}`;
      const summed = ['data_octets', 'voix_secondes', 'sms', 'data_itinerance_octets', 'voix_itinerance_secondes', 'hors_forfait_centimes', 'itinerance_centimes', 'releves'];
      await tx.db.execute(sql`
        insert into ${lineUsageDays} (id_contrat, jour, ${sql.join(summed.map((name) => sql.identifier(name)), sql`, `)})
        select * from unnest(
            ${column((d) => d.idContrat)}::int[], ${column((d) => d.jour)}::date[], ${column((d) => d.dataOctets)}::bigint[], ${column((d) => d.voixSecondes)}::bigint[],
            ${column((d) => d.sms)}::bigint[], ${column((d) => d.dataItineranceOctets)}::bigint[], ${column((d) => d.voixItineranceSecondes)}::bigint[],
            ${column((d) => d.horsForfaitCentimes)}::bigint[], ${column((d) => d.itineranceCentimes)}::bigint[], ${column((d) => d.releves)}::int[]
          ) as u(id_contrat, jour, a, b, c, d, e, f, g, h)
         order by 1, 2
        on conflict (id_contrat, jour) do update set ${sql.join(summed.map(add), sql`, `)}`);
    },
  };
}
export type UsageFeedRepository = ReturnType<typeof createUsageFeedRepository>;
