import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { ReadDatabase } from '../../db/replica.ts';
import { contracts, lineUsage, lineUsageDays, offers } from '../../db/schema.ts';

/** A line and what its plan includes, as the consumption page needs them. */
export interface ConsumptionLine {
  idContrat: number;
  numeroLigne: string;
  idOffreEngagement: number;
  libelleOffre: string;
  idGamme: number;
  dataMo: number | null;
  dataIllimitee: boolean;
}

/** One recorded billing period of a line; `periode` is the period's first day (YYYY-MM-DD). */
export type UsageRow = Omit<typeof lineUsage.$inferSelect, 'idContrat'>;

/** One fed day of a line, as the usage feed wrote it (decision 045). */
export type FedDay = Omit<typeof lineUsageDays.$inferSelect, 'idContrat'>;

/** What the usage feed added to a line over one billing period (`YYYY-MM`), roaming included. */
export interface FedPeriod {
  periode: string;
  dataOctets: number;
  voixSecondes: number;
  sms: number;
  horsForfaitCentimes: number;
}

/** Reads only, on core.reads: the read replica when the request may use it. */
export function createConsumptionRepository(db: ReadDatabase) {
  return {
    async line(idContrat: number): Promise<ConsumptionLine | null> {
      const [row] = await db
        .select({
          idContrat: contracts.idContrat,
          numeroLigne: contracts.numeroLigne,
          idOffreEngagement: contracts.idOffreEngagement,
          libelleOffre: offers.libelle,
          idGamme: offers.idGamme,
          dataMo: offers.dataMo,
          dataIllimitee: offers.dataIllimitee,
        })
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .where(eq(contracts.idContrat, idContrat))
        .limit(1);
      return row ?? null;
    },

    /** The recorded periods of a line between two first days of month, included (primary key range). */
    async usage(idContrat: number, fromDay: string, toDay: string): Promise<UsageRow[]> {
      return db
        .select({
          periode: lineUsage.periode,
          voixMinutes: lineUsage.voixMinutes,
          sms: lineUsage.sms,
          dataMo: lineUsage.dataMo,
          horsForfaitCentimes: lineUsage.horsForfaitCentimes,
        })
        .from(lineUsage)
        .where(and(eq(lineUsage.idContrat, idContrat), between(lineUsage.periode, fromDay, toDay)))
        .orderBy(asc(lineUsage.periode));
    },

    /** The usage feed's days of a line between two days, included, added up per billing period (decision 045). */
    async fedUsage(idContrat: number, fromDay: string, toDay: string): Promise<FedPeriod[]> {
      // Sums as double precision: exact up to 2^53, far above a line's month of bytes.
      const total = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${expression}), 0)::float8`;
      const periode = sql<string>`to_char(${lineUsageDays.jour}, 'YYYY-MM')`;
      return db
        .select({
          periode,
          dataOctets: total(sql`${lineUsageDays.dataOctets} + ${lineUsageDays.dataItineranceOctets}`),
          voixSecondes: total(sql`${lineUsageDays.voixSecondes} + ${lineUsageDays.voixItineranceSecondes}`),
          sms: total(sql`${lineUsageDays.sms}`),
          horsForfaitCentimes: total(sql`${lineUsageDays.horsForfaitCentimes}`),
        })
        .from(lineUsageDays)
        .where(and(eq(lineUsageDays.idContrat, idContrat), between(lineUsageDays.jour, fromDay, toDay)))
        .groupBy(periode);
    },

    /** The usage feed's days of a line between two days, included, oldest first (primary key range). */
    async fedDays(idContrat: number, fromDay: string, toDay: string): Promise<FedDay[]> {
      return db
        .select({
          jour: lineUsageDays.jour,
          dataOctets: lineUsageDays.dataOctets,
          voixSecondes: lineUsageDays.voixSecondes,
          sms: lineUsageDays.sms,
          dataItineranceOctets: lineUsageDays.dataItineranceOctets,
          voixItineranceSecondes: lineUsageDays.voixItineranceSecondes,
          horsForfaitCentimes: lineUsageDays.horsForfaitCentimes,
          itineranceCentimes: lineUsageDays.itineranceCentimes,
          releves: lineUsageDays.releves,
        })
        .from(lineUsageDays)
        .where(and(eq(lineUsageDays.idContrat, idContrat), between(lineUsageDays.jour, fromDay, toDay)))
        .orderBy(asc(lineUsageDays.jour));
    },
  };
}
export type ConsumptionRepository = ReturnType<typeof createConsumptionRepository>;
