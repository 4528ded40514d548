import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passkeys, recoveryCodes, users, webauthnChallenges } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** What a WebAuthn challenge was given for (decision 056). */
export type ChallengePurpose = 'inscription' | 'second_facteur' | 'connexion';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** The passkeys of users and the WebAuthn challenges given to browsers. The only place that touches their tables. */
export function createPasskeysRepository(db: Database) {
  return {
    async findUser(userId: number) {
      const [row] = await db.select({ id: users.id, email: users.email, prenom: users.prenom, nom: users.nom }).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /** The user's passkeys, oldest first. */
    list(userId: number, tx?: Transaction): Promise<PasskeyRow[]> {
      return (tx?.db ?? db).select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.creeLe), asc(passkeys.id));
    },

    async count(userId: number, tx?: Transaction): Promise<number> {
      const [row] = await (tx?.db ?? db)
        .select({ count: sql<number>`count(*)::int` })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      return row?.count ?? 0;
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
      return row;
    },

    /** A new passkey; undefined when its credential is already registered (to anyone). */
    async insert(row: typeof passkeys.$inferInsert, tx: Transaction): Promise<PasskeyRow | undefined> {
      const [created] = await tx.db.insert(passkeys).values(row).onConflictDoNothing({ target: passkeys.credentialId }).returning();
      return created;
    },

    async rename(userId: number, id: string, nom: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .update(passkeys)
        .set({ nom })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },

    async remove(userId: number, id: string, tx: Transaction): Promise<PasskeyRow | undefined> {
      const [row] = await tx.db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },

    /**
     * Records a sign-in with a passkey: its new counter and the time, only if the counter is still
     * the one checked, so that two requests with one assertion cannot both pass.
     */
    async recordUse(id: string, checkedCounter: number, newCounter: number, now: Date, tx: Transaction): Promise<boolean> {
      const rows = await tx.db
        .update(passkeys)
        .set({ counter: newCounter, derniereUtilisation: now })
        .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
        .returning({ id: passkeys.id });
      return rows.length === 1;
    },

    /** The user's last factor went: their recovery codes go with it. */
    async deleteRecoveryCodes(userId: number, tx: Transaction): Promise<void> {
      await tx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    },

    /** A new challenge; the expired ones (anyone's) go. */
    async createChallenge(challenge: typeof webauthnChallenges.$inferInsert): Promise<void> {
      await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, challenge.createdAt));
      await db.insert(webauthnChallenges).values(challenge);
    },

    /**
     * Uses a challenge once: the unused, unexpired one of this digest and purpose (and of this user
     * or second step, where given). One statement, so two requests cannot both take it.
     */
    async claimChallenge(
      challengeHash: string,
      purpose: ChallengePurpose,
      owner: { userId?: number; mfaChallengeId?: number },
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(webauthnChallenges)
        .set({ usedAt: now })
        .where(
          and(
            eq(webauthnChallenges.challengeHash, challengeHash),
            eq(webauthnChallenges.purpose, purpose),
            owner.userId === undefined ? undefined : eq(webauthnChallenges.userId, owner.userId),
            owner.mfaChallengeId === undefined ? undefined : eq(webauthnChallenges.mfaChallengeId, owner.mfaChallengeId),
            isNull(webauthnChallenges.usedAt),
            gt(webauthnChallenges.expiresAt, now),
          ),
        )
        .returning({ id: webauthnChallenges.id });
      return rows.length === 1;
    },
  };
}
export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
