import { and, desc, eq, gt, gte, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { knownDevices, sessions, users } from '../../db/schema.ts';

/**
 * The user's own sessions: those they opened themselves (an agent's customer session, with an
 * `agent_id`, is not theirs), not ended, not expired, not idle beyond the limit.
 */
function ownActive(userId: number, now: Date, idleMs: number) {
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.agentId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
  );
}

export function createUserSessionsRepository(db: Database) {
  return {
    async listActive(userId: number, now: Date, idleMs: number) {
      return db
        .select({
          id: sessions.id,
          tokenHash: sessions.tokenHash,
          userAgent: sessions.userAgent,
          reseau: sessions.reseau,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(ownActive(userId, now, idleMs))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /** Ends one of the user's active sessions: its token hash and User-Agent, or undefined when it is none of theirs. */
    async end(userId: number, id: string, now: Date, idleMs: number, tx: Transaction) {
      const [row] = await tx.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), ownActive(userId, now, idleMs)))
        .returning({ tokenHash: sessions.tokenHash, userAgent: sessions.userAgent });
      return row;
    },

    /** Ends the user's other active sessions: the token hashes of those ended. */
    async endOthers(userId: number, keepTokenHash: string, now: Date, idleMs: number, tx: Transaction) {
      const rows = await tx.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(ownActive(userId, now, idleMs), ne(sessions.tokenHash, keepTokenHash)))
        .returning({ tokenHash: sessions.tokenHash });
      return rows.map((row) => row.tokenHash);
    },

    /**
     * Notes a sign-in from a device: true when it was not seen since `since` (a new device), once
     * only when two sign-ins from it arrive at the same time (the second finds the first's row).
     */
    async noteDevice(userId: number, cle: string, now: Date, since: Date, tx: Transaction): Promise<boolean> {
      const known = await tx.db
        .update(knownDevices)
        .set({ vuLe: now })
        .where(and(eq(knownDevices.userId, userId), eq(knownDevices.cle, cle), gte(knownDevices.vuLe, since)))
        .returning({ cle: knownDevices.cle });
      if (known.length > 0) return false;
      const fresh = await tx.db
        .insert(knownDevices)
        .values({ userId, cle, vuLe: now })
        .onConflictDoUpdate({
          target: [knownDevices.userId, knownDevices.cle],
          set: { vuLe: now },
          // Seen again after the period: new once more; seen within it (a sign-in at the same time): not.
          setWhere: lt(knownDevices.vuLe, since),
        })
        .returning({ cle: knownDevices.cle });
      return fresh.length > 0;
    },

    /** Whether the user has signed in from any device before (the first sign-in is no news). */
    async hasKnownDevices(userId: number, tx: Transaction): Promise<boolean> {
      const [row] = await tx.db.select({ cle: knownDevices.cle }).from(knownDevices).where(eq(knownDevices.userId, userId)).limit(1);
      return row !== undefined;
    },

    async email(userId: number, tx: Transaction): Promise<string | undefined> {
      const [row] = await tx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.email;
    },
  };
}
export type UserSessionsRepository = ReturnType<typeof createUserSessionsRepository>;
