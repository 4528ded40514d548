import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetRequests, users } from '../../db/schema.ts';

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

    async createReset(request: typeof passwordResetRequests.$inferInsert) {
      await db.insert(passwordResetRequests).values(request);
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
    async claimReset(id: number, now: Date): Promise<boolean> {
      const claimed = await db
        .update(passwordResetRequests)
        .set({ usedAt: now })
        .where(and(eq(passwordResetRequests.id, id), isNull(passwordResetRequests.usedAt)))
        .returning({ id: passwordResetRequests.id });
      return claimed.length === 1;
    },

    /** Ends every other pending link of the address once a code has been set. */
    async closeResets(email: string, now: Date) {
      await db
        .update(passwordResetRequests)
        .set({ usedAt: now })
        .where(and(eq(passwordResetRequests.email, email), isNull(passwordResetRequests.usedAt)));
    },

    async setPasswordHash(userId: number, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
  };
}
export type PasswordRepository = ReturnType<typeof createPasswordRepository>;
