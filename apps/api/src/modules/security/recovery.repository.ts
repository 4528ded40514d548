import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingAccounts, contracts, userBillingAccounts, users } from '../../db/schema.ts';

/**
 * What the customer service's reset reads of an account (decision 058): whether a user belongs to
 * it (a link to it, or one of its lines, as the account's users page lists them), and its managers.
 */
export function createRecoveryRepository(db: Database) {
  return {
    async member(idClientBscs: number, userId: number) {
      const [row] = await db
        .select({ id: users.id, email: users.email, prenom: users.prenom, nom: users.nom })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            sql`(exists (select 1 from ${userBillingAccounts} where ${userBillingAccounts.userId} = ${users.id} and ${userBillingAccounts.idClientBscs} = ${idClientBscs})
              or exists (select 1 from ${contracts} where ${contracts.userId} = ${users.id} and ${contracts.idClientBscs} = ${idClientBscs}))`,
          ),
        )
        .limit(1);
      return row;
    },

    async accountCode(idClientBscs: number): Promise<string | undefined> {
      const [row] = await db.select({ code: billingAccounts.codeClientBscs }).from(billingAccounts).where(eq(billingAccounts.idClientBscs, idClientBscs)).limit(1);
      return row?.code;
    },
  };
}
export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
