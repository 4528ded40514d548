import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BILL_STATES } from '@ecare/shared';
import type { ReadDatabase } from '../../db/replica.ts';
import { rowsOf } from '../../db/rows.ts';
import { creditNotes, invoiceItems, invoices } from '../../db/schema.ts';

export type BillState = (typeof BILL_STATES)[number];

export interface BillFilters {
  state?: BillState;
  /** Bills dated from this day (`YYYY-MM-DD`)… */
  from?: string;
  /** …and before this one. */
  before?: string;
  /** One bill, by its number. */
  reference?: string;
}

/** An invoice or a credit note of the account, amounts in cents. */
export interface BillRow {
  category: 'normal' | 'creditNote';
  reference: string;
  billDate: string;
  dueDate: string;
  periodStart: string;
  periodEnd: string;
  htCentimes: number;
  tvaCentimes: number;
  ttcCentimes: number;
  dueCentimes: number;
  remainingCentimes: number;
  state: BillState;
  /** The invoice's row, whose charges give its lines and VAT; null for a credit note. */
  invoiceId: number | null;
  /** A credit note's VAT rate (basis points), the invoice it credits and why; null for an invoice. */
  creditNoteRateBp: number | null;
  creditedBill: string | null;
  motif: string | null;
}

/**
 * The account's invoices and credit notes as one list, in SQL, so that the database pages and
 * counts it. An invoice is settled when nothing is left to pay, partially paid when some of it
 * was (a credit note set against it counts), sent otherwise; a credit note asks for nothing, so
 * it is settled, its amounts as its document shows them (positive).
 */
function billsOf(idClientBscs: number): SQL {
  return sql`(
    select 'normal' as category, ${invoices.referenceNumber} as reference, ${invoices.dateFacture} as bill_date, ${invoices.dateEcheance} as due_date,
      ${invoices.periodeDebut} as period_start, ${invoices.periodeFin} as period_end,
      ${invoices.montantHtCentimes} as ht, ${invoices.montantTvaCentimes} as tva, ${invoices.montantTtcCentimes} as ttc,
      ${invoices.montantTtcCentimes} as due, ${invoices.resteAPayerCentimes} as remaining,
      case when ${invoices.resteAPayerCentimes} = 0 then 'settled' when ${invoices.resteAPayerCentimes} < ${invoices.montantTtcCentimes} then 'partiallyPaid' else 'sent' end as state,
      ${invoices.id} as invoice_id, null::integer as rate_bp, null::text as credited_bill, null::text as motif
      from ${invoices} where ${invoices.idClientBscs} = ${idClientBscs}
    union all
    select 'creditNote', ${creditNotes.reference}, ${creditNotes.dateAvoir}, ${creditNotes.dateAvoir}, ${invoices.periodeDebut}, ${invoices.periodeFin},
      ${creditNotes.montantHtCentimes}, ${creditNotes.montantTvaCentimes}, ${creditNotes.montantTtcCentimes}, 0, 0, 'settled',
      null::integer, ${creditNotes.tauxTvaBp}, ${invoices.referenceNumber}, ${creditNotes.motif}
      from ${creditNotes} join ${invoices} on ${invoices.id} = ${creditNotes.invoiceId} where ${creditNotes.idClientBscs} = ${idClientBscs}
  ) as bills`;
}

function conditions(filters: BillFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.state !== undefined) parts.push(sql`state = ${filters.state}`);
  if (filters.from !== undefined) parts.push(sql`bill_date >= ${filters.from}::date`);
  if (filters.before !== undefined) parts.push(sql`bill_date < ${filters.before}::date`);
  if (filters.reference !== undefined) parts.push(sql`reference = ${filters.reference}`);
  return sql.join(parts, sql` and `);
}

interface RawBill {
  category: BillRow['category'];
  reference: string;
  bill_date: string;
  due_date: string;
  period_start: string;
  period_end: string;
  ht: number | string;
  tva: number | string;
  ttc: number | string;
  due: number | string;
  remaining: number | string;
  state: BillState;
  invoice_id: number | null;
  rate_bp: number | null;
  credited_bill: string | null;
  motif: string | null;
}

const billOf = (raw: RawBill): BillRow => ({
  category: raw.category,
  reference: raw.reference,
  billDate: raw.bill_date,
  dueDate: raw.due_date,
  periodStart: raw.period_start,
  periodEnd: raw.period_end,
  htCentimes: Number(raw.ht),
  tvaCentimes: Number(raw.tva),
  ttcCentimes: Number(raw.ttc),
  dueCentimes: Number(raw.due),
  remainingCentimes: Number(raw.remaining),
  state: raw.state,
  invoiceId: raw.invoice_id === null ? null : Number(raw.invoice_id),
  creditNoteRateBp: raw.rate_bp === null ? null : Number(raw.rate_bp),
  creditedBill: raw.credited_bill,
  motif: raw.motif,
});

// Dates as text: the drivers would otherwise read a raw `date` as a time in their own zone.
const BILL_COLUMNS = sql`category, reference, bill_date::text as bill_date, due_date::text as due_date, period_start::text as period_start,
  period_end::text as period_end, ht, tva, ttc, due, remaining, state, invoice_id, rate_bp, credited_bill, motif`;

const itemColumns = {
  id: invoiceItems.id,
  idContrat: invoiceItems.idContrat,
  numeroLigne: invoiceItems.numeroLigne,
  nature: invoiceItems.nature,
  libelle: invoiceItems.libelle,
  quantite: invoiceItems.quantite,
  montantHtCentimes: invoiceItems.montantHtCentimes,
  tauxTvaBp: invoiceItems.tauxTvaBp,
  utilisateur: invoiceItems.utilisateur,
  centreCode: invoiceItems.centreCode,
};

/** The account's invoices and credit notes as the public API reads them (TMF678): a page at a time, newest first. */
export function createCustomerBillsRepository(db: ReadDatabase) {
  return {
    async page(idClientBscs: number, filters: BillFilters, offset: number, limit: number): Promise<{ total: number; rows: BillRow[] }> {
      const from = billsOf(idClientBscs);
      const where = conditions(filters);
      const [rows, counted] = await Promise.all([
        db.execute(sql`select ${BILL_COLUMNS} from ${from} where ${where} order by bill_date desc, reference desc limit ${limit} offset ${offset}`),
        db.execute(sql`select count(*)::integer as total from ${from} where ${where}`),
      ]);
      return { total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0), rows: rowsOf<RawBill>(rows).map(billOf) };
    },

    async one(idClientBscs: number, reference: string): Promise<BillRow | undefined> {
      const rows = await db.execute(sql`select ${BILL_COLUMNS} from ${billsOf(idClientBscs)} where ${conditions({ reference })} limit 1`);
      const [raw] = rowsOf<RawBill>(rows);
      return raw && billOf(raw);
    },

    /** HT of these invoices' charges per VAT rate. */
    async taxBases(invoiceIds: readonly number[]): Promise<{ invoiceId: number; tauxTvaBp: number; htCentimes: number }[]> {
      if (invoiceIds.length === 0) return [];
      return db
        .select({ invoiceId: invoiceItems.invoiceId, tauxTvaBp: invoiceItems.tauxTvaBp, htCentimes: sql<number>`sum(${invoiceItems.montantHtCentimes})`.mapWith(Number) })
        .from(invoiceItems)
        .where(inArray(invoiceItems.invoiceId, [...invoiceIds]))
        .groupBy(invoiceItems.invoiceId, invoiceItems.tauxTvaBp)
        .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.tauxTvaBp));
    },

    /** A page of an invoice's charges, in the order they were issued. */
    async items(invoiceId: number, offset: number, limit: number) {
      const [rows, [counted]] = await Promise.all([
        db.select(itemColumns).from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)).orderBy(asc(invoiceItems.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)),
      ]);
      return { total: counted?.n ?? 0, rows };
    },

    async item(invoiceId: number, itemId: number) {
      const [row] = await db
        .select(itemColumns)
        .from(invoiceItems)
        .where(and(eq(invoiceItems.invoiceId, invoiceId), eq(invoiceItems.id, itemId)))
        .limit(1);
      return row;
    },
  };
}
export type CustomerBillsRepository = ReturnType<typeof createCustomerBillsRepository>;
export type BillItemRow = NonNullable<Awaited<ReturnType<CustomerBillsRepository['item']>>>;
