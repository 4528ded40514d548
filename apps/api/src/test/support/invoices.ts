import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { invoiceDetailSchema, invoicePageSchema, type InvoiceDetail, type InvoicePage } from '@ecare/shared';
import { creditNotes, invoices } from '../../db/schema.ts';
import { demoFixture } from '../demo-fixture.ts';
import { bodyOf, type TestContext } from '../harness.ts';

/** The demo fixture, with the invoices each side of the access tests names. */
export async function invoiceFixture(t: TestContext) {
  const demo = await demoFixture(t);
  const ofAccount = (idClientBscs: number) =>
    t.db.select().from(invoices).where(eq(invoices.idClientBscs, idClientBscs)).orderBy(asc(invoices.dateFacture));
  const own = await ofAccount(demo.account);
  const strangers = await ofAccount(demo.strangerAccount);
  const latest = own.at(-1);
  const strangerLatest = strangers.at(-1);
  const [unmanaged] = await t.db
    .select()
    .from(invoices)
    .where(eq(invoices.idClientBscs, demo.notManaged))
    .limit(1);
  if (!latest || !strangerLatest || !unmanaged || own.length !== 24) throw new Error('demo invoices are not as expected');
  return {
    ...demo,
    /** The bakery's invoices, oldest first. */
    invoices: own,
    latest,
    /** The i-th most recent of the bakery's invoices (0: the latest). */
    ago(age: number) {
      const invoice = own[own.length - 1 - age];
      if (!invoice) throw new Error(`no invoice ${age} months old`);
      return invoice;
    },
    /** solo@demo.test's latest invoice: another customer's. */
    strangerInvoice: strangerLatest,
    /** An invoice of the account the mandataire is attached to without managing it. */
    unmanagedInvoice: unmanaged,
  };
}
export type InvoiceFixture = Awaited<ReturnType<typeof invoiceFixture>>;

export async function invoicePage(t: TestContext, idClientBscs: number, query: string, token: string): Promise<InvoicePage> {
  const response = await t.get(`/api/facture/${idClientBscs}${query}`, token);
  if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
  return bodyOf(response, invoicePageSchema);
}

export async function invoiceDetail(t: TestContext, idClientBscs: number, referenceNumber: string, token: string): Promise<InvoiceDetail> {
  const response = await t.get(`/api/detail-facture/${idClientBscs}/${referenceNumber}`, token);
  if (response.statusCode !== 200) throw new Error(`detail: ${response.statusCode} ${response.body}`);
  return bodyOf(response, invoiceDetailSchema);
}

/** Cents of a euro amount as the API answers them. */
export const cents = (euros: number) => Math.round(euros * 100);

/** The text of each page of a PDF, read by pdf.js and checked for lost characters (test/pdf-text.ts). */
export { pdfPages } from '../pdf-text.ts';

/** The file names an archive of the account's documents dated `du` to `au` holds after its index, in its order (date, then reference). */
export async function archivedFiles(t: TestContext, idClientBscs: number, du: string, au: string): Promise<string[]> {
  const bills = await t.db
    .select({ date: invoices.dateFacture, reference: invoices.referenceNumber })
    .from(invoices)
    .where(and(eq(invoices.idClientBscs, idClientBscs), gte(invoices.dateFacture, du), lte(invoices.dateFacture, au)));
  const notes = await t.db
    .select({ date: creditNotes.dateAvoir, reference: creditNotes.reference })
    .from(creditNotes)
    .where(and(eq(creditNotes.idClientBscs, idClientBscs), gte(creditNotes.dateAvoir, du), lte(creditNotes.dateAvoir, au)));
  return [...bills.map((bill) => ({ ...bill, file: `facture-${bill.reference}.pdf` })), ...notes.map((note) => ({ ...note, file: `avoir-${note.reference}.pdf` }))]
    .sort((a, b) => a.date.localeCompare(b.date) || a.reference.localeCompare(b.reference))
    .map((document) => document.file);
}
