import { and, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetRequests, sessions, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** Writes take the transaction they belong to (core.transaction); reads run on their own. */

export function createPasswordRepository(db: Database) {
  return {
    async findUserByEmail(email: string) {
      const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findUserCredentials(userId: number) {
      const [row] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async hasPendingReset(email: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: passwordResetRequests.id })
        .from(passwordResetRequests)
        .where(and(eq(passwordResetRequests.email, email), isNull(passwordResetRequests.usedAt), gt(passwordResetRequests.expiresAt, now)))
        .limit(1);
      return Boolean(row);
    },

    /**
     * A new request, in `tx` (a customer's with its mail). A pending one for the same address
     * refuses it: the partial unique index password_reset_pending_uq, whatever arrives at once.
     */
    async createReset(request: typeof passwordResetRequests.$inferInsert, tx: Transaction) {
      await tx.db.insert(passwordResetRequests).values(request);
    },

    /** Ends the address's requests that expired while pending, so that a new one may be recorded. */
    async endExpiredResets(email: string, now: Date, tx: Transaction) {
      await tx.db
        .update(passwordResetRequests)
        .set({ usedAt: passwordResetRequests.expiresAt })
        .where(and(eq(passwordResetRequests.email, email), isNull(passwordResetRequests.usedAt), lte(passwordResetRequests.expiresAt, now)));
    },

    async findValidReset(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ id: passwordResetRequests.id, userId: passwordResetRequests.userId, email: users.email })
        .from(passwordResetRequests)
        .innerJoin(users, eq(users.id, passwordResetRequests.userId))
        .where(and(eq(passwordResetRequests.tokenHash, tokenHash), isNull(passwordResetRequests.usedAt), gt(passwordResetRequests.expiresAt, now)))
        .limit(1);
      return row;
    },

    /** Claims a link for one use; false when another request used it first. */
    async claimReset(id: number, now: Date, tx: Transaction): Promise<boolean> {
      const claimed = await tx.db
        .update(passwordResetRequests)
        .set({ usedAt: now })
        .where(and(eq(passwordResetRequests.id, id), isNull(passwordResetRequests.usedAt)))
        .returning({ id: passwordResetRequests.id });
      return claimed.length === 1;
    },

    /** Ends every pending request of the address: a code was set, or a new link replaces them. */
    async closeResets(email: string, now: Date, tx: Transaction) {
      await tx.db
        .update(passwordResetRequests)
        .set({ usedAt: now })
        .where(and(eq(passwordResetRequests.email, email), isNull(passwordResetRequests.usedAt)));
    },

    async setPasswordHash(userId: number, passwordHash: string, tx: Transaction) {
      await tx.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    /**
     * Ends the user's sessions (but `keepTokenHash`) with the code change, in its transaction: a
     * new code never stands while an old session goes on. The auth module is told afterwards, to
     * drop the sessions it holds in memory.
     */
    async revokeSessions(userId: number, now: Date, keepTokenHash: string | undefined, tx: Transaction) {
      const scope = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
      await tx.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(keepTokenHash ? and(scope, ne(sessions.tokenHash, keepTokenHash)) : scope);
    },
  };
}
export type PasswordRepository = ReturnType<typeof createPasswordRepository>;
