import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailChangeRequests, users } from '../../db/schema.ts';

type EmailChangeKey = { id: number; userId: number };

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

    /** A new request replaces the user's pending ones. */
    async replacePending(request: typeof emailChangeRequests.$inferInsert, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(emailChangeRequests)
          .set({ cancelledAt: now })
          .where(and(eq(emailChangeRequests.userId, request.userId), isNull(emailChangeRequests.validatedAt), isNull(emailChangeRequests.cancelledAt)));
        await tx.insert(emailChangeRequests).values(request);
      });
    },

    async findByHash(hash: string) {
      const [row] = await db
        .select()
        .from(emailChangeRequests)
        .where(or(eq(emailChangeRequests.confirmHash, hash), eq(emailChangeRequests.cancelHash, hash)))
        .limit(1);
      return row;
    },

    /** Applies a confirmed change; false when another request changed the row first. */
    async validate(row: EmailChangeKey & { newEmail: string; newPasswordHash: string }, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(emailChangeRequests)
          .set({ validatedAt: now })
          .where(and(eq(emailChangeRequests.id, row.id), isNull(emailChangeRequests.validatedAt), isNull(emailChangeRequests.cancelledAt)))
          .returning({ id: emailChangeRequests.id });
        if (done.length !== 1) return false;
        await tx.update(users).set({ email: row.newEmail, passwordHash: row.newPasswordHash }).where(eq(users.id, row.userId));
        return true;
      });
    },

    /** Cancels a request; a change already applied is undone (the old address takes over again). */
    async cancel(row: EmailChangeKey, restore: { email: string; passwordHash: string } | null, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(emailChangeRequests)
          .set({ cancelledAt: now })
          .where(and(eq(emailChangeRequests.id, row.id), isNull(emailChangeRequests.cancelledAt)))
          .returning({ id: emailChangeRequests.id });
        if (done.length !== 1) return false;
        if (restore) await tx.update(users).set(restore).where(eq(users.id, row.userId));
        return true;
      });
    },
  };
}
export type EmailChangeRepository = ReturnType<typeof createEmailChangeRepository>;
export type EmailChangeRow = NonNullable<Awaited<ReturnType<EmailChangeRepository['findByHash']>>>;
