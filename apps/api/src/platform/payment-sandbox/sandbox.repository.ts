import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentTransactions } from '../../db/schema.ts';

/**
 * What the sandbox reads of the portal's database: whether a card transaction still waits for its
 * decision (its page is not shown again once decided). A real provider keeps its own records;
 * the sandbox, in the portal's process, reads the portal's.
 */
export function createSandboxRepository(db: Database) {
  return {
    async transactionWaiting(transactionReference: string): Promise<boolean> {
      const [row] = await db
        .select({ statut: paymentTransactions.statut })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.transactionReference, transactionReference));
      return row?.statut === 'EN_ATTENTE';
    },
  };
}
