import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { contracts, userBillingAccounts } from '../db/schema.ts';
import { errors } from '../lib/errors.ts';

/**
 * Who may touch what (spec §6): a billing account only through a managing link
 * (isGestionnaire); a contract through a managed account or as its own line user.
 * Unknown ids answer like foreign ones, so ids cannot be probed.
 */
export function createAccess(db: Database) {
  return {
    async assertAccount(userId: number, idClientBscs: number): Promise<void> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(userBillingAccounts)
        .where(
          and(
            eq(userBillingAccounts.userId, userId),
            eq(userBillingAccounts.idClientBscs, idClientBscs),
            eq(userBillingAccounts.isGestionnaire, true),
          ),
        )
        .limit(1);
      if (!row) throw errors.forbiddenAccount();
    },

    /** Returns the billing account the contract belongs to. */
    async assertContract(userId: number, idContrat: number): Promise<{ idClientBscs: number }> {
      const [row] = await db
        .select({ idClientBscs: contracts.idClientBscs })
        .from(contracts)
        .leftJoin(
          userBillingAccounts,
          and(
            eq(userBillingAccounts.idClientBscs, contracts.idClientBscs),
            eq(userBillingAccounts.userId, userId),
            eq(userBillingAccounts.isGestionnaire, true),
          ),
        )
        .where(
          and(
            eq(contracts.idContrat, idContrat),
            or(eq(contracts.userId, userId), eq(userBillingAccounts.userId, userId)),
          ),
        )
        .limit(1);
      if (!row) throw errors.forbiddenContract();
      return row;
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
