import { eq, or, sql } from 'drizzle-orm';
import type { SecurityPolicy } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { billingAccounts, userBillingAccounts, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** The account's security policy (a column of billing_accounts) and the users it applies to. */
export function createSecurityPolicyRepository(db: Database) {
  return {
    async policy(idClientBscs: number, tx?: Transaction): Promise<SecurityPolicy> {
      const [row] = await (tx?.db ?? db)
        .select({ mfaObligatoire: billingAccounts.mfaObligatoire })
        .from(billingAccounts)
        .where(eq(billingAccounts.idClientBscs, idClientBscs))
        .limit(1);
      return { mfaObligatoire: row?.mfaObligatoire ?? false };
    },

    async save(tx: Transaction, idClientBscs: number, values: SecurityPolicy): Promise<void> {
      await tx.db.update(billingAccounts).set({ mfaObligatoire: values.mfaObligatoire }).where(eq(billingAccounts.idClientBscs, idClientBscs));
    },

    /** Every user of the account: attached to it (user_billing_accounts), or whose own account it is. */
    async userEmails(idClientBscs: number, tx: Transaction): Promise<string[]> {
      const rows = await tx.db
        .selectDistinct({ email: users.email })
        .from(users)
        .where(
          or(
            eq(users.idClientBscs, idClientBscs),
            sql`exists (select 1 from ${userBillingAccounts} where ${userBillingAccounts.userId} = ${users.id} and ${userBillingAccounts.idClientBscs} = ${idClientBscs})`,
          ),
        )
        .orderBy(users.email);
      return rows.map((row) => row.email);
    },

    async raisonSociale(idClientBscs: number, tx: Transaction): Promise<string> {
      const [row] = await tx.db.select({ raisonSociale: billingAccounts.raisonSociale }).from(billingAccounts).where(eq(billingAccounts.idClientBscs, idClientBscs)).limit(1);
      return row?.raisonSociale ?? '';
    },
  };
}
export type SecurityPolicyRepository = ReturnType<typeof createSecurityPolicyRepository>;
