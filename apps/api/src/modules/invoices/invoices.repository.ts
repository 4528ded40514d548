import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { InvoiceListQuery, InvoicePaymentMode } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import type { ReadDatabase } from '../../db/replica.ts';
import { billingAccounts, invoiceComplaints, invoiceItems, invoicePayments, invoices, sepaMandates, type InvoiceCustomerSnapshot } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** An invoice as stored, amounts in cents, with whether a complaint about it is being handled. */
const invoiceColumns = {
  id: invoices.id,
  idClientBscs: invoices.idClientBscs,
  referenceNumber: invoices.referenceNumber,
  dateFacture: invoices.dateFacture,
  dateEcheance: invoices.dateEcheance,
  periodeDebut: invoices.periodeDebut,
  periodeFin: invoices.periodeFin,
  montantHtCentimes: invoices.montantHtCentimes,
  montantTvaCentimes: invoices.montantTvaCentimes,
  montantTtcCentimes: invoices.montantTtcCentimes,
  resteAPayerCentimes: invoices.resteAPayerCentimes,
  prelevement: invoices.prelevement,
  client: invoices.client,
  modePaiement: invoices.modePaiement,
  // Columns named with their tables: inside a select of one table, drizzle writes them bare.
  reclamationEnCours: sql<boolean>`exists (select 1 from ${invoiceComplaints} where ${invoiceComplaints}.invoice_id = ${invoices}.id and ${invoiceComplaints}.statut = 'EN_COURS')`.mapWith(Boolean),
};
export type InvoiceRow = {
  id: number;
  idClientBscs: number;
  referenceNumber: string;
  dateFacture: string;
  dateEcheance: string;
  periodeDebut: string;
  periodeFin: string;
  montantHtCentimes: number;
  montantTvaCentimes: number;
  montantTtcCentimes: number;
  resteAPayerCentimes: number;
  prelevement: boolean;
  /** The customer as the invoice was issued to them. */
  client: InvoiceCustomerSnapshot;
  /** How it was to be paid when issued. */
  modePaiement: InvoicePaymentMode;
  reclamationEnCours: boolean;
};

/** A charge of an invoice, with the name of the line's user and its cost centre when the invoice was issued. */
const itemColumns = {
  invoiceId: invoiceItems.invoiceId,
  idContrat: invoiceItems.idContrat,
  numeroLigne: invoiceItems.numeroLigne,
  nature: invoiceItems.nature,
  libelle: invoiceItems.libelle,
  quantite: invoiceItems.quantite,
  montantHtCentimes: invoiceItems.montantHtCentimes,
  tauxTvaBp: invoiceItems.tauxTvaBp,
  utilisateur: invoiceItems.utilisateur,
  idCentre: invoiceItems.idCentre,
  centreCode: invoiceItems.centreCode,
  centreLibelle: invoiceItems.centreLibelle,
};
export type InvoiceItemRow = {
  invoiceId: number;
  idContrat: number | null;
  numeroLigne: string | null;
  nature: 'ABONNEMENT' | 'OPTION' | 'HORS_FORFAIT' | 'PONCTUEL' | 'REMISE';
  libelle: string;
  quantite: number;
  montantHtCentimes: number;
  tauxTvaBp: number;
  utilisateur: string | null;
  /** The line's cost centre when the invoice was issued (decision 049); null for none and for the account's own charges. */
  idCentre: number | null;
  centreCode: string | null;
  centreLibelle: string | null;
};

const sortColumns = {
  dateFacture: invoices.dateFacture,
  dateEcheance: invoices.dateEcheance,
  montantTTC: invoices.montantTtcCentimes,
  resteAPayer: invoices.resteAPayerCentimes,
} as const;

/** The invoices of a calendar year (its dates are `YYYY-MM-DD` text, compared as such). */
const inYear = (annee: number): SQL | undefined =>
  and(gte(invoices.dateFacture, `${String(annee).padStart(4, '0')}-01-01`), lte(invoices.dateFacture, `${String(annee).padStart(4, '0')}-12-31`));

/** A complaint as stored, before its id and status. */
export type NewComplaintRow = Omit<typeof invoiceComplaints.$inferInsert, 'id' | 'statut'>;

/** The account as a complaint names it (an invoice names the customer it was issued to, `client`). */
export interface InvoiceCustomer {
  codeClientBscs: string;
  raisonSociale: string;
}

/**
 * Reads run on their own; writes take the transaction they belong to (core.transaction). The
 * list's reads and what a PDF is made of (the invoice, its charges, its mandate) run on `reads`
 * (core.reads: the read replica when the request may use it).
 */
export function createInvoicesRepository(db: Database, reads: ReadDatabase = db) {
  const itemsOf = (invoiceIds: readonly number[]): Promise<InvoiceItemRow[]> =>
    invoiceIds.length === 0
      ? Promise.resolve([])
      : reads
          .select(itemColumns)
          .from(invoiceItems)
          .where(inArray(invoiceItems.invoiceId, [...invoiceIds]))
          .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.numeroLigne), asc(invoiceItems.id));

  return {
    /** One page of the account's invoices (of one year, when given) in the order asked, and how many there are. */
    async page(idClientBscs: number, query: InvoiceListQuery): Promise<{ rows: InvoiceRow[]; total: number }> {
      const where = and(eq(invoices.idClientBscs, idClientBscs), query.annee === undefined ? undefined : inYear(query.annee));
      const direction = query.ordre === 'asc' ? asc : desc;
      const [[total], rows] = await Promise.all([
        reads.select({ total: count() }).from(invoices).where(where),
        reads
          .select(invoiceColumns)
          .from(invoices)
          .where(where)
          .orderBy(direction(sortColumns[query.tri]), direction(invoices.dateFacture), direction(invoices.id))
          .limit(query.taille)
          .offset((query.page - 1) * query.taille),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /**
     * What is left to pay on the account's invoices on `today` (`YYYY-MM-DD`), direct debits still
     * to come excepted, and how many invoices are late.
     */
    async balance(idClientBscs: number, today: string): Promise<{ dueCentimes: number; lateCount: number }> {
      const comingDebit = and(eq(invoices.prelevement, true), gte(invoices.dateEcheance, today));
      const [row] = await reads
        .select({
          dueCentimes: sql<number>`coalesce(sum(${invoices.resteAPayerCentimes}) filter (where not (${comingDebit})), 0)`.mapWith(Number),
          lateCount: sql<number>`count(*) filter (where ${invoices.dateEcheance} < ${today})`.mapWith(Number),
        })
        .from(invoices)
        .where(and(eq(invoices.idClientBscs, idClientBscs), gt(invoices.resteAPayerCentimes, 0)));
      return { dueCentimes: row?.dueCentimes ?? 0, lateCount: row?.lateCount ?? 0 };
    },

    /** The years the account has invoices in, newest first. */
    async years(idClientBscs: number): Promise<number[]> {
      const year = sql<number>`cast(substr(${invoices.dateFacture}::text, 1, 4) as integer)`.mapWith(Number);
      const rows = await reads.selectDistinct({ year }).from(invoices).where(eq(invoices.idClientBscs, idClientBscs)).orderBy(desc(year));
      return rows.map((row) => row.year);
    },

    /** The invoice of this account with this number; none for another account's. */
    async find(idClientBscs: number, referenceNumber: string): Promise<InvoiceRow | undefined> {
      const [row] = await reads
        .select(invoiceColumns)
        .from(invoices)
        .where(and(eq(invoices.idClientBscs, idClientBscs), eq(invoices.referenceNumber, referenceNumber)))
        .limit(1);
      return row;
    },

    /** The account's invoice just before this one, if any. */
    async previous(invoice: Pick<InvoiceRow, 'idClientBscs' | 'dateFacture' | 'id'>): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select(invoiceColumns)
        .from(invoices)
        .where(and(eq(invoices.idClientBscs, invoice.idClientBscs), lt(invoices.dateFacture, invoice.dateFacture)))
        .orderBy(desc(invoices.dateFacture), desc(invoices.id))
        .limit(1);
      return row;
    },

    items: (invoiceId: number) => itemsOf([invoiceId]),
    itemsOf,

    /**
     * The unique reference (RUM) of the account's direct-debit mandate in force when `before`
     * came: the latest signed before it, or, for an invoice older than every mandate, the first.
     * Mandates are never changed once revoked, so an issued invoice always names the same one.
     */
    async mandateAt(idClientBscs: number, before: Date): Promise<string | null> {
      const signedBefore = sql`${sepaMandates.signedAt} < ${before.toISOString()}`;
      const [row] = await reads
        .select({ rum: sepaMandates.rum })
        .from(sepaMandates)
        .where(eq(sepaMandates.idClientBscs, idClientBscs))
        .orderBy(desc(signedBefore), sql`case when ${signedBefore} then ${sepaMandates.signedAt} end desc`, asc(sepaMandates.signedAt), asc(sepaMandates.id))
        .limit(1);
      return row?.rum ?? null;
    },

    payments(invoiceId: number) {
      return db
        .select({ montantCentimes: invoicePayments.montantCentimes, moyen: invoicePayments.moyen, paidAt: invoicePayments.paidAt })
        .from(invoicePayments)
        .where(eq(invoicePayments.invoiceId, invoiceId))
        .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id));
    },

    complaints(invoiceId: number) {
      return db
        .select({ reference: invoiceComplaints.reference, motif: invoiceComplaints.motif, statut: invoiceComplaints.statut, createdAt: invoiceComplaints.createdAt })
        .from(invoiceComplaints)
        .where(eq(invoiceComplaints.invoiceId, invoiceId))
        .orderBy(desc(invoiceComplaints.createdAt), desc(invoiceComplaints.id));
    },

    async customer(idClientBscs: number): Promise<InvoiceCustomer | undefined> {
      const [row] = await db
        .select({ codeClientBscs: billingAccounts.codeClientBscs, raisonSociale: billingAccounts.raisonSociale })
        .from(billingAccounts)
        .where(eq(billingAccounts.idClientBscs, idClientBscs))
        .limit(1);
      return row;
    },

    /** The account's invoices of a year, oldest first. */
    ofYear(idClientBscs: number, annee: number): Promise<InvoiceRow[]> {
      return db
        .select(invoiceColumns)
        .from(invoices)
        .where(and(eq(invoices.idClientBscs, idClientBscs), inYear(annee)))
        .orderBy(asc(invoices.dateFacture), asc(invoices.id));
    },

    /** The account's invoices dated from `du` to `au` (both included), oldest first. */
    between(idClientBscs: number, du: string, au: string): Promise<InvoiceRow[]> {
      return db
        .select(invoiceColumns)
        .from(invoices)
        .where(and(eq(invoices.idClientBscs, idClientBscs), gte(invoices.dateFacture, du), lte(invoices.dateFacture, au)))
        .orderBy(asc(invoices.dateFacture), asc(invoices.id));
    },

    /**
     * The complaint being handled about an invoice, if any, read with the invoice's row locked
     * until the transaction ends: two complaints racing on one invoice are filed one after the
     * other, and the second sees the first.
     */
    async openComplaint(invoiceId: number, tx: Transaction): Promise<string | undefined> {
      await tx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId)).for('update');
      const [row] = await tx.db
        .select({ reference: invoiceComplaints.reference })
        .from(invoiceComplaints)
        .where(and(eq(invoiceComplaints.invoiceId, invoiceId), eq(invoiceComplaints.statut, 'EN_COURS')))
        .limit(1);
      return row?.reference;
    },

    async insertComplaint(complaint: NewComplaintRow, tx: Transaction): Promise<void> {
      await tx.db.insert(invoiceComplaints).values(complaint);
    },

    /**
     * What other modules may ask of invoices (card payment, unpaid-balance checks): the invoices of
     * these accounts with something left to pay, oldest due date first.
     */
    unpaidInvoices(idClientBscsList: readonly number[]): Promise<InvoiceRow[]> {
      if (idClientBscsList.length === 0) return Promise.resolve([]);
      return db
        .select(invoiceColumns)
        .from(invoices)
        .where(and(inArray(invoices.idClientBscs, [...idClientBscsList]), gt(invoices.resteAPayerCentimes, 0)))
        .orderBy(asc(invoices.dateEcheance), asc(invoices.id));
    },

    /**
     * What is left to pay, in cents, on the invoices of these accounts due before `today`
     * (`YYYY-MM-DD`, in France): the invoices `invoiceStatus` says are late.
     */
    async overdueTotalForAccounts(idClientBscsList: readonly number[], today: string): Promise<number> {
      if (idClientBscsList.length === 0) return 0;
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${invoices.resteAPayerCentimes}), 0)`.mapWith(Number) })
        .from(invoices)
        .where(and(inArray(invoices.idClientBscs, [...idClientBscsList]), gt(invoices.resteAPayerCentimes, 0), lt(invoices.dateEcheance, today)));
      return row?.total ?? 0;
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
