import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountPaymentSettings, creditNotes, invoiceComplaints, invoicePayments, invoices } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** A credit note with the references of the invoice it credits and of the complaint it answers. */
const columns = {
  id: creditNotes.id,
  reference: creditNotes.reference,
  idClientBscs: creditNotes.idClientBscs,
  invoiceId: creditNotes.invoiceId,
  dateAvoir: creditNotes.dateAvoir,
  motif: creditNotes.motif,
  montantHtCentimes: creditNotes.montantHtCentimes,
  montantTvaCentimes: creditNotes.montantTvaCentimes,
  montantTtcCentimes: creditNotes.montantTtcCentimes,
  tauxTvaBp: creditNotes.tauxTvaBp,
  imputeCentimes: creditNotes.imputeCentimes,
  rembourseCentimes: creditNotes.rembourseCentimes,
  moyenRemboursement: creditNotes.moyenRemboursement,
  client: creditNotes.client,
  modePaiement: creditNotes.modePaiement,
  factureReference: invoices.referenceNumber,
  factureDate: invoices.dateFacture,
  periodeDebut: invoices.periodeDebut,
  periodeFin: invoices.periodeFin,
  reclamationReference: invoiceComplaints.reference,
};

function withReferences(db: Database) {
  return db
    .select(columns)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(invoiceComplaints, eq(invoiceComplaints.id, creditNotes.complaintId))
    .$dynamic();
}
export type CreditNoteRow = Awaited<ReturnType<ReturnType<typeof withReferences>['execute']>>[number];

export type NewCreditNote = typeof creditNotes.$inferInsert;

export function createCreditNotesRepository(db: Database) {
  return {
    /** The account's credit notes, newest first. */
    list(idClientBscs: number): Promise<CreditNoteRow[]> {
      return withReferences(db).where(eq(creditNotes.idClientBscs, idClientBscs)).orderBy(desc(creditNotes.dateAvoir), desc(creditNotes.id));
    },

    async find(idClientBscs: number, reference: string, tx?: Transaction): Promise<CreditNoteRow | undefined> {
      const [row] = await withReferences(tx?.db ?? db).where(and(eq(creditNotes.idClientBscs, idClientBscs), eq(creditNotes.reference, reference)));
      return row;
    },

    /** The account's credit notes dated from `du` to `au` (`YYYY-MM-DD`), oldest first. */
    between(idClientBscs: number, du: string, au: string): Promise<CreditNoteRow[]> {
      return withReferences(db)
        .where(and(eq(creditNotes.idClientBscs, idClientBscs), gte(creditNotes.dateAvoir, du), lte(creditNotes.dateAvoir, au)))
        .orderBy(asc(creditNotes.dateAvoir), asc(creditNotes.id));
    },

    /** The credited invoice, locked until the caller's transaction ends, with what its credit notes already took (HT). */
    async lockedInvoice(invoiceId: number, tx: Transaction) {
      const [invoice] = await tx.db
        .select({
          id: invoices.id,
          idClientBscs: invoices.idClientBscs,
          montantHtCentimes: invoices.montantHtCentimes,
          resteAPayerCentimes: invoices.resteAPayerCentimes,
          client: invoices.client,
          modePaiement: invoices.modePaiement,
        })
        .from(invoices)
        .where(eq(invoices.id, invoiceId))
        .for('update');
      if (!invoice) return undefined;
      const [credited] = await tx.db
        .select({ htCentimes: sql<number>`coalesce(sum(${creditNotes.montantHtCentimes}), 0)`.mapWith(Number) })
        .from(creditNotes)
        .where(eq(creditNotes.invoiceId, invoiceId));
      return { ...invoice, creditedHtCentimes: credited?.htCentimes ?? 0 };
    },

    /** How the account pays now: a refund goes back the same way. */
    async paymentMode(idClientBscs: number, tx: Transaction): Promise<'CARTE' | 'VIREMENT' | 'PRELEVEMENT'> {
      const [settings] = await tx.db
        .select({ modePaiement: accountPaymentSettings.modePaiement })
        .from(accountPaymentSettings)
        .where(eq(accountPaymentSettings.idClientBscs, idClientBscs));
      return settings?.modePaiement ?? 'VIREMENT';
    },

    /** Issues the credit note and sets its imputed part against the invoice's balance, as a payment `AVOIR`. */
    async insert(note: NewCreditNote, tx: Transaction): Promise<void> {
      await tx.db.insert(creditNotes).values(note);
      if (note.imputeCentimes > 0) {
        await tx.db
          .update(invoices)
          .set({ resteAPayerCentimes: sql`${invoices.resteAPayerCentimes} - ${note.imputeCentimes}` })
          .where(eq(invoices.id, note.invoiceId));
        await tx.db.insert(invoicePayments).values({
          invoiceId: note.invoiceId,
          montantCentimes: note.imputeCentimes,
          moyen: 'AVOIR',
          transactionReference: note.reference,
          recordedBy: note.createdBy,
          paidAt: note.createdAt,
        });
      }
    },
  };
}
export type CreditNotesRepository = ReturnType<typeof createCreditNotesRepository>;
