import { eq, inArray } from 'drizzle-orm';
import { ACCOUNT_CHARGE_SNAPSHOT, customerSnapshot, invoiceAccountColumns, lineSnapshot, lineSnapshotColumns, lineSnapshotJoin } from '../../db/invoice-snapshot.ts';
import { accountPaymentSettings, billingAccounts, contracts, invoiceItems, invoices } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/**
 * Issuing an invoice (decision 025): what it shows of the customer, of its payment and of each
 * line's user is copied into it at that moment, and everything that renders it (detail, PDF,
 * comparison, exports, ZIP, the breakdown by cost centre) reads that copy only. Each line's charges
 * record its user and its cost centre (decision 049). Later changes to the account, its lines or
 * their users never alter an issued invoice. Migration 0025 froze the invoices issued before.
 */

type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'client' | 'modePaiement' | 'prelevement'>;
type NewItem = Omit<typeof invoiceItems.$inferInsert, 'id' | 'invoiceId' | 'utilisateur' | 'idCentre' | 'centreCode' | 'centreLibelle'>;

/**
 * Issues one invoice in the caller's transaction, with the account's customer, payment mode and
 * line users and cost centres as they are now; returns its id.
 */
export async function issueInvoice(tx: Transaction, invoice: NewInvoice, items: readonly NewItem[]): Promise<number> {
  const [account] = await tx.db
    .select(invoiceAccountColumns)
    .from(billingAccounts)
    .where(eq(billingAccounts.idClientBscs, invoice.idClientBscs));
  if (!account) throw new Error(`no account ${invoice.idClientBscs} to invoice`);
  const [settings] = await tx.db
    .select({ modePaiement: accountPaymentSettings.modePaiement })
    .from(accountPaymentSettings)
    .where(eq(accountPaymentSettings.idClientBscs, invoice.idClientBscs));
  const modePaiement = settings?.modePaiement ?? 'VIREMENT';
  const lineIds = [...new Set(items.flatMap((item) => (item.idContrat === null || item.idContrat === undefined ? [] : [item.idContrat])))];
  const users =
    lineIds.length === 0
      ? []
      : await tx.db
          .select({ idContrat: contracts.idContrat, ...lineSnapshotColumns })
          .from(contracts)
          .leftJoin(...lineSnapshotJoin)
          .where(inArray(contracts.idContrat, lineIds));
  const snapshotOf = new Map(users.map(({ idContrat, ...line }) => [idContrat, lineSnapshot(line)]));
  const [row] = await tx.db
    .insert(invoices)
    .values({ ...invoice, client: customerSnapshot(account), modePaiement, prelevement: modePaiement === 'PRELEVEMENT' })
    .returning({ id: invoices.id });
  if (!row) throw new Error('invoice not issued');
  if (items.length > 0) {
    await tx.db
      .insert(invoiceItems)
      .values(items.map((item) => ({ ...item, invoiceId: row.id, ...(item.idContrat ? (snapshotOf.get(item.idContrat) ?? ACCOUNT_CHARGE_SNAPSHOT) : ACCOUNT_CHARGE_SNAPSHOT) })));
  }
  return row.id;
}
