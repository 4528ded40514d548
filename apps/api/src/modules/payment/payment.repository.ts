import { and, arrayOverlaps, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingAccounts, invoicePayments, invoices, paymentNotifications, paymentTransactions, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** What a payment needs of an invoice. */
const invoiceColumns = {
  id: invoices.id,
  idClientBscs: invoices.idClientBscs,
  referenceNumber: invoices.referenceNumber,
  dateFacture: invoices.dateFacture,
  dateEcheance: invoices.dateEcheance,
  montantTtcCentimes: invoices.montantTtcCentimes,
  resteAPayerCentimes: invoices.resteAPayerCentimes,
  prelevement: invoices.prelevement,
};
export type PayableInvoiceRow = Pick<typeof invoices.$inferSelect, keyof typeof invoiceColumns>;

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type NotificationRow = Omit<typeof paymentNotifications.$inferInsert, 'id'>;

/** Reads run on their own; the writes of a payment take the transaction they belong to. */
export function createPaymentRepository(db: Database) {
  return {
    /** The account's invoices with a balance left, oldest due date first. */
    dueInvoices(idClientBscs: number): Promise<PayableInvoiceRow[]> {
      return db
        .select(invoiceColumns)
        .from(invoices)
        .where(and(eq(invoices.idClientBscs, idClientBscs), gt(invoices.resteAPayerCentimes, 0)))
        .orderBy(asc(invoices.dateEcheance), asc(invoices.referenceNumber));
    },

    /** Invoice numbers of the account's card payments still waiting for the bank, started since `since`. */
    async pendingReferenceNumbers(idClientBscs: number, since: Date): Promise<Set<string>> {
      const rows = await db
        .select({ referenceNumbers: paymentTransactions.referenceNumbers })
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.idClientBscs, idClientBscs),
            eq(paymentTransactions.statut, 'EN_ATTENTE'),
            gte(paymentTransactions.createdAt, since),
          ),
        );
      return new Set(rows.flatMap((row) => row.referenceNumbers));
    },

    /**
     * The named invoices, whatever their account, locked until the transaction ends: two payments
     * of the same invoice started at once are made one after the other.
     */
    lockInvoices(referenceNumbers: readonly string[], tx: Transaction): Promise<PayableInvoiceRow[]> {
      return tx.db
        .select(invoiceColumns)
        .from(invoices)
        .where(inArray(invoices.referenceNumber, [...referenceNumbers]))
        .orderBy(asc(invoices.id))
        .for('update');
    },

    /**
     * The account's payments still waiting for any of these invoices, locked until the transaction
     * ends; their references. Taken after the invoices (the module's lock order, decision 027).
     */
    async lockPendingOf(idClientBscs: number, referenceNumbers: readonly string[], tx: Transaction): Promise<string[]> {
      const rows = await tx.db
        .select({ transactionReference: paymentTransactions.transactionReference })
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.idClientBscs, idClientBscs),
            eq(paymentTransactions.statut, 'EN_ATTENTE'),
            arrayOverlaps(paymentTransactions.referenceNumbers, [...referenceNumbers]),
          ),
        )
        .orderBy(asc(paymentTransactions.transactionReference))
        .for('update');
      return rows.map((row) => row.transactionReference);
    },

    /** The payment locked until the transaction ends when it still waits (an order's previous one): its reference, or none. */
    async lockPending(transactionReference: string, tx: Transaction): Promise<string[]> {
      const rows = await tx.db
        .select({ transactionReference: paymentTransactions.transactionReference })
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.transactionReference, transactionReference), eq(paymentTransactions.statut, 'EN_ATTENTE')))
        .for('update');
      return rows.map((row) => row.transactionReference);
    },

    /**
     * Gives up one waiting payment (an order's previous one, or one the provider could not open a
     * page for); true when it was still waiting.
     */
    async cancelPending(transactionReference: string, now: Date, tx?: Transaction): Promise<boolean> {
      const rows = await (tx?.db ?? db)
        .update(paymentTransactions)
        .set({ statut: 'ANNULEE', settledAt: now })
        .where(and(eq(paymentTransactions.transactionReference, transactionReference), eq(paymentTransactions.statut, 'EN_ATTENTE')))
        .returning({ transactionReference: paymentTransactions.transactionReference });
      return rows.length > 0;
    },

    async insertTransaction(row: typeof paymentTransactions.$inferInsert, tx: Transaction): Promise<void> {
      await tx.db.insert(paymentTransactions).values(row);
    },

    async transaction(transactionReference: string, tx?: Transaction): Promise<TransactionRow | undefined> {
      const [row] = await (tx?.db ?? db)
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.transactionReference, transactionReference))
        .limit(1);
      return row;
    },

    async recordNotification(row: NotificationRow, tx?: Transaction): Promise<void> {
      await (tx?.db ?? db).insert(paymentNotifications).values(row);
    },

    /** True when this provider event was applied already. */
    async eventApplied(eventId: string, tx: Transaction): Promise<boolean> {
      const [row] = await tx.db
        .select({ one: sql<number>`1` })
        .from(paymentNotifications)
        .where(and(eq(paymentNotifications.eventId, eventId), eq(paymentNotifications.resultat, 'APPLIQUEE')))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Leaves EN_ATTENTE for `statut`, only from EN_ATTENTE: of notifications racing for one
     * transaction, one gets the row back, the others nothing (the row lock makes them wait,
     * then they find it settled).
     */
    async settle(transactionReference: string, statut: 'ACCEPTEE' | 'REFUSEE' | 'ANNULEE', now: Date, tx: Transaction): Promise<TransactionRow | undefined> {
      const [row] = await tx.db
        .update(paymentTransactions)
        .set({ statut, settledAt: now })
        .where(and(eq(paymentTransactions.transactionReference, transactionReference), eq(paymentTransactions.statut, 'EN_ATTENTE')))
        .returning();
      return row;
    },

    /** Takes `montantCentimes` off an invoice's balance, never below zero. */
    async lowerBalance(invoiceId: number, montantCentimes: number, tx: Transaction): Promise<void> {
      await tx.db
        .update(invoices)
        .set({ resteAPayerCentimes: sql`greatest(${invoices.resteAPayerCentimes} - ${montantCentimes}, 0)` })
        .where(eq(invoices.id, invoiceId));
    },

    async insertInvoicePayments(rows: (typeof invoicePayments.$inferInsert)[], tx: Transaction): Promise<void> {
      if (rows.length > 0) await tx.db.insert(invoicePayments).values(rows);
    },

    /** The payer's address and name, and the account's company, for the receipt. */
    async payer(userId: number, idClientBscs: number, tx: Transaction) {
      const [row] = await tx.db
        .select({ email: users.email, prenom: users.prenom, nom: users.nom, raisonSociale: billingAccounts.raisonSociale })
        .from(users)
        .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, idClientBscs))
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
