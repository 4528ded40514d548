import { and, asc, between, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contracts, lineUsage, offers } from '../../db/schema.ts';

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

export function createConsumptionRepository(db: Database) {
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
  };
}
export type ConsumptionRepository = ReturnType<typeof createConsumptionRepository>;
