import { and, asc, count, desc, eq, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { ORDER_CLOSED_STEPS } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { contracts, lineUsage, lineUsageDays, offers, orders } from '../../db/schema.ts';

/** Bytes in the MB of the plans (decision 045). */
const MIB = 1024 * 1024;

export interface TopLineRow {
  idContrat: number;
  numeroLigne: string;
  utilisateurPrenom: string | null;
  utilisateurNom: string | null;
  libelleOffre: string;
  idGamme: number;
  forfaitDataMo: number | null;
  dataIllimitee: boolean;
  dataMo: number;
}

/**
 * Every read is one indexed query on the account, aggregated in SQL and limited there, so that
 * an account of 100,000 lines answers in as many round trips as an account of one.
 */
export function createHomeRepository(db: Database) {
  return {
    /** The account's lines counted by status (contracts_account_numero_idx). */
    async linesByStatus(idClientBscs: number): Promise<{ statut: string; nombre: number }[]> {
      return db
        .select({ statut: contracts.codeStatut, nombre: count() })
        .from(contracts)
        .where(eq(contracts.idClientBscs, idClientBscs))
        .groupBy(contracts.codeStatut);
    },

    /**
     * The lines that used most data over a billing period: its monthly reading (line_usage, one
     * row per line and period) plus the usage feed's days of the period, home and roaming
     * (line_usage_days), bytes as MB rounded as the consumption page rounds them (decision 045).
     */
    async topDataLines(idClientBscs: number, periode: { debut: string; fin: string }, limit: number): Promise<TopLineRow[]> {
      const fed = db
        .select({
          idContrat: lineUsageDays.idContrat,
          octets: sql<string>`sum(${lineUsageDays.dataOctets} + ${lineUsageDays.dataItineranceOctets})`.as('octets'),
        })
        .from(lineUsageDays)
        .innerJoin(contracts, eq(contracts.idContrat, lineUsageDays.idContrat))
        .where(and(eq(contracts.idClientBscs, idClientBscs), sql`${lineUsageDays.jour} between ${periode.debut} and ${periode.fin}`))
        .groupBy(lineUsageDays.idContrat)
        .as('fed');
      const dataMo = sql<number>`(coalesce(${lineUsage.dataMo}, 0) + coalesce(round(${fed.octets} / ${MIB}), 0))::float8`;
      return db
        .select({
          idContrat: contracts.idContrat,
          numeroLigne: contracts.numeroLigne,
          utilisateurPrenom: contracts.utilisateurPrenom,
          utilisateurNom: contracts.utilisateurNom,
          libelleOffre: offers.libelle,
          idGamme: offers.idGamme,
          forfaitDataMo: offers.dataMo,
          dataIllimitee: offers.dataIllimitee,
          dataMo: dataMo.mapWith(Number),
        })
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .leftJoin(lineUsage, and(eq(lineUsage.idContrat, contracts.idContrat), eq(lineUsage.periode, periode.debut)))
        .leftJoin(fed, eq(fed.idContrat, contracts.idContrat))
        .where(and(eq(contracts.idClientBscs, idClientBscs), or(isNotNull(lineUsage.idContrat), isNotNull(fed.idContrat))))
        .orderBy(desc(dataMo), asc(contracts.idContrat))
        .limit(limit);
    },

    /** How many orders of the account are in progress, and the latest of them (orders_account_idx). */
    async ordersInProgress(idClientBscs: number, limit: number) {
      const inProgress = and(eq(orders.idClientBscs, idClientBscs), notInArray(orders.etape, [...ORDER_CLOSED_STEPS]));
      const [counted, latest] = await Promise.all([
        db.select({ nombre: count() }).from(orders).where(inProgress),
        db
          .select({
            numero: orders.numero,
            createdAt: orders.createdAt,
            type: orders.type,
            statut: orders.statut,
            etape: orders.etape,
            totalUniqueHtCentimes: orders.totalUniqueHtCentimes,
            tvaUniqueCentimes: orders.tvaUniqueCentimes,
          })
          .from(orders)
          .where(inProgress)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit),
      ]);
      return { nombre: counted[0]?.nombre ?? 0, latest };
    },
  };
}
export type HomeRepository = ReturnType<typeof createHomeRepository>;
