import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailChangeRequests, sessions, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** Writes take the transaction they belong to (core.transaction); reads run on their own. */
export function createEmailChangeRepository(db: Database) {
  return {
    async credentials(userId: number) {
      const [row] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return Boolean(row);
    },

    /**
     * A new request replaces the user's pending one. Requests of one user take turns on the
     * user's row, so each replaces the one before; the partial unique index
     * email_change_pending_uq holds the rule of one pending request per user.
     */
    async replacePending(request: typeof emailChangeRequests.$inferInsert, now: Date, tx: Transaction) {
      await tx.db.select({ id: users.id }).from(users).where(eq(users.id, request.userId)).for('update');
      await tx.db
        .update(emailChangeRequests)
        .set({ cancelledAt: now })
        .where(and(eq(emailChangeRequests.userId, request.userId), isNull(emailChangeRequests.validatedAt), isNull(emailChangeRequests.cancelledAt)));
      await tx.db.insert(emailChangeRequests).values(request);
    },

    async findByHash(hash: string) {
      const [row] = await db
        .select()
        .from(emailChangeRequests)
        .where(or(eq(emailChangeRequests.confirmHash, hash), eq(emailChangeRequests.cancelHash, hash)))
        .limit(1);
      return row;
    },

    /** Marks a request confirmed; false when another request changed the row first. */
    async markValidated(id: number, now: Date, tx: Transaction): Promise<boolean> {
      const done = await tx.db
        .update(emailChangeRequests)
        .set({ validatedAt: now })
        .where(and(eq(emailChangeRequests.id, id), isNull(emailChangeRequests.validatedAt), isNull(emailChangeRequests.cancelledAt)))
        .returning({ id: emailChangeRequests.id });
      return done.length === 1;
    },

    /** Marks a request cancelled; false when another request cancelled it first. */
    async markCancelled(id: number, now: Date, tx: Transaction): Promise<boolean> {
      const done = await tx.db
        .update(emailChangeRequests)
        .set({ cancelledAt: now })
        .where(and(eq(emailChangeRequests.id, id), isNull(emailChangeRequests.cancelledAt)))
        .returning({ id: emailChangeRequests.id });
      return done.length === 1;
    },

    /** The login e-mail and code of a user: the new ones on confirmation, the old ones back on cancellation. */
    async setLogin(userId: number, login: { email: string; passwordHash: string }, tx: Transaction) {
      await tx.db.update(users).set(login).where(eq(users.id, userId));
    },

    /**
     * Ends the user's sessions with the change of their login, in its transaction. The auth
     * module is told afterwards, to drop the sessions it holds in memory.
     */
    async revokeSessions(userId: number, now: Date, tx: Transaction) {
      await tx.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
export type EmailChangeRepository = ReturnType<typeof createEmailChangeRepository>;
export type EmailChangeRow = NonNullable<Awaited<ReturnType<EmailChangeRepository['findByHash']>>>;
