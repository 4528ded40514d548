import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mfaChallenges, passkeys, recoveryCodes, totpFactors, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** Writes that belong together take their transaction; the others run on their own. */
export function createSecurityRepository(db: Database) {
  return {
    async findUser(userId: number) {
      const [row] = await db
        .select({ id: users.id, email: users.email, prenom: users.prenom, nom: users.nom })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    async findFactor(userId: number) {
      const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
      return row;
    },

    async hasConfirmedFactor(userId: number, tx?: Transaction): Promise<boolean> {
      const [row] = await (tx?.db ?? db)
        .select({ userId: totpFactors.userId })
        .from(totpFactors)
        .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
        .limit(1);
      return Boolean(row);
    },

    /** Whether the user has a second factor: a confirmed app or a passkey (decisions 054, 056). */
    async hasAnyFactor(userId: number, tx?: Transaction): Promise<boolean> {
      const [row] = await (tx?.db ?? db)
        .select({
          any: sql<boolean>`exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null)
            or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row?.any === true;
    },

    /** A new pending enrolment, replacing a pending one; false when a confirmed one stands. */
    async savePending(userId: number, secretEncrypted: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(totpFactors)
        .values({ userId, secretEncrypted, createdAt: now, confirmedAt: null, lastStep: null })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secretEncrypted, createdAt: now, lastStep: null },
          setWhere: isNull(totpFactors.confirmedAt),
        })
        .returning({ userId: totpFactors.userId });
      return rows.length === 1;
    },

    /** Confirms the very pending enrolment that was checked; false when another replaced or confirmed it meanwhile. */
    async confirm(userId: number, secretEncrypted: string, step: number, now: Date, tx: Transaction): Promise<boolean> {
      const rows = await tx.db
        .update(totpFactors)
        .set({ confirmedAt: now, lastStep: step })
        .where(and(eq(totpFactors.userId, userId), eq(totpFactors.secretEncrypted, secretEncrypted), isNull(totpFactors.confirmedAt)))
        .returning({ userId: totpFactors.userId });
      return rows.length === 1;
    },

    /**
     * Records `step` as the last accepted one, only if it is later than the recorded one: two
     * requests with the same code cannot both pass.
     */
    async advanceStep(userId: number, step: number, tx?: Transaction): Promise<boolean> {
      const rows = await (tx?.db ?? db)
        .update(totpFactors)
        .set({ lastStep: step })
        .where(
          and(
            eq(totpFactors.userId, userId),
            isNotNull(totpFactors.confirmedAt),
            or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
          ),
        )
        .returning({ userId: totpFactors.userId });
      return rows.length === 1;
    },

    /** Removes the authenticator app, its pending second steps and, unless another factor keeps them (passkeys), the recovery codes. */
    async removeFactor(userId: number, tx: Transaction, options: { keepRecoveryCodes?: boolean } = {}): Promise<void> {
      await tx.db.delete(totpFactors).where(eq(totpFactors.userId, userId));
      if (!options.keepRecoveryCodes) await tx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
    },

    /**
     * Every second factor of the user goes, with their recovery codes and pending second steps:
     * the customer service's reset when all are lost (decision 058). Each kind of factor adds its
     * table here.
     */
    async removeAllFactors(userId: number, tx: Transaction): Promise<void> {
      await tx.db.delete(totpFactors).where(eq(totpFactors.userId, userId));
      await tx.db.delete(passkeys).where(eq(passkeys.userId, userId));
      await tx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
    },

    async replaceRecoveryCodes(userId: number, codeHashes: string[], now: Date, tx: Transaction): Promise<void> {
      await tx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    },

    /** Uses a recovery code once; false when it is not one of the user's unused codes. */
    async useRecoveryCode(userId: number, codeHash: string, now: Date, tx: Transaction): Promise<boolean> {
      const rows = await tx.db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },

    async countUnusedRecoveryCodes(userId: number, tx?: Transaction): Promise<number> {
      const [row] = await (tx?.db ?? db)
        .select({ count: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.count ?? 0;
    },

    /** A new second step for the user; their expired ones go. */
    async createChallenge(challenge: typeof mfaChallenges.$inferInsert): Promise<void> {
      // Of the same subject: a user, or an agent (decision 057).
      const subject = challenge.agentId != null ? eq(mfaChallenges.agentId, challenge.agentId) : eq(mfaChallenges.userId, challenge.userId ?? 0);
      await db.delete(mfaChallenges).where(and(subject, lte(mfaChallenges.expiresAt, challenge.createdAt)));
      await db.insert(mfaChallenges).values(challenge);
    },

    /** The unused, unexpired second step of a token. */
    async findChallenge(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(mfaChallenges)
        .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)))
        .limit(1);
      return row;
    },

    async countChallengeFailure(id: number): Promise<void> {
      await db
        .update(mfaChallenges)
        .set({ failures: sql`${mfaChallenges.failures} + 1` })
        .where(eq(mfaChallenges.id, id));
    },

    /** Uses a second step once; false when it was used, or expired, meanwhile. */
    async claimChallenge(id: number, now: Date, tx: Transaction): Promise<boolean> {
      const rows = await tx.db
        .update(mfaChallenges)
        .set({ usedAt: now })
        .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)))
        .returning({ id: mfaChallenges.id });
      return rows.length === 1;
    },
  };
}
export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
