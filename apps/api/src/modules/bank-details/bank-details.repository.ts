import { and, count, eq } from 'drizzle-orm';
import type { PaymentMode } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { accountPaymentSettings, billingAccounts, sepaMandates, userBillingAccounts } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

export type PaymentSettingsRow = typeof accountPaymentSettings.$inferSelect;
export type MandateRow = typeof sepaMandates.$inferSelect;

/** The billing account as the mandate names its debtor. */
export interface DebtorAccount {
  idClientBscs: number;
  codeClientBscs: string;
  raisonSociale: string;
  adresseNumero: string;
  adresseVoie: string;
  adresseCodePostal: string;
  adresseVille: string;
}

const debtorColumns = {
  idClientBscs: billingAccounts.idClientBscs,
  codeClientBscs: billingAccounts.codeClientBscs,
  raisonSociale: billingAccounts.raisonSociale,
  adresseNumero: billingAccounts.adresseNumero,
  adresseVoie: billingAccounts.adresseVoie,
  adresseCodePostal: billingAccounts.adresseCodePostal,
  adresseVille: billingAccounts.adresseVille,
};

/** Reads run on their own; the save's reads and writes take its transaction. */
export function createBankDetailsRepository(db: Database) {
  return {
    async settings(idClientBscs: number, tx?: Transaction): Promise<PaymentSettingsRow | undefined> {
      const [row] = await (tx?.db ?? db).select().from(accountPaymentSettings).where(eq(accountPaymentSettings.idClientBscs, idClientBscs));
      return row;
    },

    /** The account's mandate in force, if any (one at most: a partial unique index). */
    async activeMandate(idClientBscs: number, tx?: Transaction): Promise<MandateRow | undefined> {
      const [row] = await (tx?.db ?? db)
        .select()
        .from(sepaMandates)
        .where(and(eq(sepaMandates.idClientBscs, idClientBscs), eq(sepaMandates.statut, 'ACTIF')));
      return row;
    },

    async account(idClientBscs: number): Promise<DebtorAccount | undefined> {
      const [row] = await db.select(debtorColumns).from(billingAccounts).where(eq(billingAccounts.idClientBscs, idClientBscs));
      return row;
    },

    /**
     * Takes the account's row lock: two saves of one account run one after the other, so the
     * second revokes the mandate the first issued and numbers its own after it.
     */
    async lockAccount(idClientBscs: number, tx: Transaction): Promise<DebtorAccount | undefined> {
      const [row] = await tx.db.select(debtorColumns).from(billingAccounts).where(eq(billingAccounts.idClientBscs, idClientBscs)).for('update');
      return row;
    },

    /** Whether the user still manages the account, read behind its lock. */
    async isManager(userId: number, idClientBscs: number, tx: Transaction): Promise<boolean> {
      const [row] = await tx.db
        .select({ userId: userBillingAccounts.userId })
        .from(userBillingAccounts)
        .where(
          and(
            eq(userBillingAccounts.userId, userId),
            eq(userBillingAccounts.idClientBscs, idClientBscs),
            eq(userBillingAccounts.isGestionnaire, true),
          ),
        );
      return row !== undefined;
    },

    /** How many mandates the account has had: the next one's number follows. */
    async mandateCount(idClientBscs: number, tx: Transaction): Promise<number> {
      const [row] = await tx.db.select({ total: count() }).from(sepaMandates).where(eq(sepaMandates.idClientBscs, idClientBscs));
      return row?.total ?? 0;
    },

    async saveSettings(
      values: { idClientBscs: number; modePaiement: PaymentMode; titulaire: string; iban: string; bic: string; updatedAt: Date; updatedBy: number },
      tx: Transaction,
    ): Promise<PaymentSettingsRow> {
      const { modePaiement, titulaire, iban, bic, updatedAt, updatedBy } = values;
      const [row] = await tx.db
        .insert(accountPaymentSettings)
        .values(values)
        .onConflictDoUpdate({ target: accountPaymentSettings.idClientBscs, set: { modePaiement, titulaire, iban, bic, updatedAt, updatedBy } })
        .returning();
      if (!row) throw new Error('payment settings not saved');
      return row;
    },

    async revokeActiveMandate(idClientBscs: number, at: Date, tx: Transaction): Promise<void> {
      await tx.db
        .update(sepaMandates)
        .set({ statut: 'REVOQUE', revokedAt: at })
        .where(and(eq(sepaMandates.idClientBscs, idClientBscs), eq(sepaMandates.statut, 'ACTIF')));
    },

    async insertMandate(values: Omit<typeof sepaMandates.$inferInsert, 'id' | 'statut' | 'revokedAt'>, tx: Transaction): Promise<MandateRow> {
      const [row] = await tx.db
        .insert(sepaMandates)
        .values({ ...values, statut: 'ACTIF' })
        .returning();
      if (!row) throw new Error('mandate not created');
      return row;
    },
  };
}
export type BankDetailsRepository = ReturnType<typeof createBankDetailsRepository>;
