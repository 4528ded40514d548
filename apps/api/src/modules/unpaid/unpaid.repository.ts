import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingAccounts, companies, contracts, invoices, offers } from '../../db/schema.ts';

/** The overdue invoices of one billing account: how many, and what remains to pay on them. */
export interface OverdueOnAccount {
  idClientBscs: number;
  factures: number;
  centimes: number;
}

/** Reads only. */
export function createUnpaidRepository(db: Database) {
  return {
    /** The account's company, from the database (never from the request). */
    async accountCompany(idClientBscs: number): Promise<{ companyId: number; siren: string } | undefined> {
      const [row] = await db
        .select({ companyId: companies.id, siren: companies.siren })
        .from(billingAccounts)
        .innerJoin(companies, eq(companies.id, billingAccounts.companyId))
        .where(eq(billingAccounts.idClientBscs, idClientBscs))
        .limit(1);
      return row;
    },

    async offerExists(idOffreEngagement: number): Promise<boolean> {
      const [row] = await db.select({ one: sql<number>`1` }).from(offers).where(eq(offers.idOffreEngagement, idOffreEngagement)).limit(1);
      return row !== undefined;
    },

    /** Whether a line of the account still in service (not terminated) is on that plan. */
    async accountHasLineOn(idClientBscs: number, idOffreEngagement: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(contracts)
        .where(and(eq(contracts.idClientBscs, idClientBscs), eq(contracts.idOffreEngagement, idOffreEngagement), ne(contracts.codeStatut, 'RESILIE')))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Per billing account of the company, its overdue invoices: something left to pay and a due
     * date before `today` (Paris), the EN_RETARD status of the invoice list. Accounts without
     * any are left out.
     */
    async overdueByAccount(companyId: number, today: string): Promise<OverdueOnAccount[]> {
      const rows = await db
        .select({
          idClientBscs: invoices.idClientBscs,
          factures: sql<number>`count(*)::int`,
          centimes: sql<string>`sum(${invoices.resteAPayerCentimes})::bigint`,
        })
        .from(invoices)
        .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, invoices.idClientBscs))
        .where(and(eq(billingAccounts.companyId, companyId), gt(invoices.resteAPayerCentimes, 0), lt(invoices.dateEcheance, today)))
        .groupBy(invoices.idClientBscs)
        .orderBy(invoices.idClientBscs);
      return rows.map((row) => ({ idClientBscs: row.idClientBscs, factures: Number(row.factures), centimes: Number(row.centimes) }));
    },
  };
}
export type UnpaidRepository = ReturnType<typeof createUnpaidRepository>;
