import { and, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { referencedKeys } from '../../db/stored-files.ts';
import type { StoredFileKind } from '../../lib/attachments/file-store.ts';
import {
  agentSessions,
  auditLog,
  emailChangeRequests,
  emailOutbox,
  faqVotes,
  knownDevices,
  lineUsage,
  lineUsageDays,
  loginUnlockLinks,
  mfaChallenges,
  passwordResetRequests,
  rateLimitCounters,
  sessions,
  ssoClientContexts,
  ssoOneclicUses,
  supportTickets,
} from '../../db/schema.ts';

/**
 * Deletes of rows that have done their job. Each call deletes at most `limit` rows in one short
 * statement and says how many went; the service repeats it until nothing is left. Rows another
 * transaction holds are skipped (left for the next run) rather than waited for.
 */
export function createCleanupRepository(db: Database) {
  async function deleteBatch(table: PgTable, key: PgColumn, where: SQL | undefined, limit: number): Promise<number> {
    const batch = db.select({ key }).from(table).where(where).limit(limit).for('update', { skipLocked: true });
    const deleted = await db.delete(table).where(inArray(key, batch)).returning({ key });
    return deleted.length;
  }

  return {
    /**
     * Sessions expired or revoked before `before`. A session lives at most SESSION_MAX_HOURS (7
     * days at most), so one revoked before `before` has expired by `now`: the `expires_at < now`
     * bound holds for every row to delete and lets an index on expires_at serve both cases.
     */
    endedSessions: (before: Date, now: Date, limit: number) =>
      deleteBatch(
        sessions,
        sessions.tokenHash,
        and(lt(sessions.expiresAt, now), or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before))),
        limit,
      ),

    /** Agents' own sessions expired or revoked before `before` (same bound as customers', decision 034). */
    endedAgentSessions: (before: Date, now: Date, limit: number) =>
      deleteBatch(
        agentSessions,
        agentSessions.tokenHash,
        and(lt(agentSessions.expiresAt, now), or(lt(agentSessions.expiresAt, before), lt(agentSessions.revokedAt, before))),
        limit,
      ),

    /** One-click customer contexts past their end: the desktop hands over a new one for each connection. */
    expiredSsoContexts: (now: Date, limit: number) => deleteBatch(ssoClientContexts, ssoClientContexts.idContexte, lt(ssoClientContexts.expiresAt, now), limit),

    expiredOneclicUses: (now: Date, limit: number) => deleteBatch(ssoOneclicUses, ssoOneclicUses.signature, lt(ssoOneclicUses.expiresAt, now), limit),

    /** Forgotten-code links (and the rows kept for unknown addresses) used or expired before `before`. */
    endedPasswordResets: (before: Date, now: Date, limit: number) =>
      deleteBatch(
        passwordResetRequests,
        passwordResetRequests.id,
        and(
          lt(passwordResetRequests.expiresAt, now),
          or(lt(passwordResetRequests.expiresAt, before), lt(passwordResetRequests.usedAt, before)),
        ),
        limit,
      ),

    /**
     * E-mail change requests confirmed, cancelled or expired before `before`. A confirmed change
     * can still be undone from the old address until the link expires: only expired rows go.
     */
    endedEmailChanges: (before: Date, now: Date, limit: number) =>
      deleteBatch(
        emailChangeRequests,
        emailChangeRequests.id,
        and(
          lt(emailChangeRequests.expiresAt, now),
          or(
            lt(emailChangeRequests.expiresAt, before),
            lt(emailChangeRequests.validatedAt, before),
            lt(emailChangeRequests.cancelledAt, before),
          ),
        ),
        limit,
      ),

    /** Login unlock links used or expired before `before`. */
    endedUnlockLinks: (before: Date, now: Date, limit: number) =>
      deleteBatch(
        loginUnlockLinks,
        loginUnlockLinks.id,
        and(lt(loginUnlockLinks.expiresAt, now), or(lt(loginUnlockLinks.expiresAt, before), lt(loginUnlockLinks.usedAt, before))),
        limit,
      ),

    /**
     * Sign-ins' second steps expired or used before `before`. A second step lives minutes, so
     * one used before `before` has expired by `now`: as for sessions, `expires_at < now` holds
     * for every row to delete.
     */
    endedMfaChallenges: (before: Date, now: Date, limit: number) =>
      deleteBatch(
        mfaChallenges,
        mfaChallenges.id,
        and(lt(mfaChallenges.expiresAt, now), or(lt(mfaChallenges.expiresAt, before), lt(mfaChallenges.usedAt, before))),
        limit,
      ),

    /**
     * A user's devices last seen before `before`, but each user's latest one: a user with no row
     * at all reads as never signed in, and their next sign-in from a new device would not be
     * mailed (decision 055). Their key has two columns: a batch is named by address.
     */
    staleKnownDevices: async (before: Date, limit: number) => {
      const batch = sql`select ctid from ${knownDevices} as stale where stale.vu_le < ${before}
        and exists (select 1 from ${knownDevices} as later where later.user_id = stale.user_id and later.vu_le > stale.vu_le)
        limit ${limit} for update skip locked`;
      const deleted = await db.delete(knownDevices).where(sql`ctid in (${batch})`).returning({ userId: knownDevices.userId });
      return deleted.length;
    },

    /** Rate-limit counters whose window started before `before`. */
    staleCounters: (before: Date, limit: number) =>
      deleteBatch(rateLimitCounters, rateLimitCounters.key, lt(rateLimitCounters.windowStart, before), limit),

    /**
     * Mails sent before `before`. A mail is created before it is sent, so `created_at < before`
     * holds for each of them and lets the existing index on created_at find them.
     */
    sentMails: (before: Date, limit: number) =>
      deleteBatch(emailOutbox, emailOutbox.id, and(lt(emailOutbox.createdAt, before), lt(emailOutbox.sentAt, before)), limit),

    /** Audit entries of actions done before `before`. */
    oldAuditEntries: (before: Date, limit: number) => deleteBatch(auditLog, auditLog.id, lt(auditLog.at, before), limit),

    /**
     * Usage of billing periods that began before `before` (YYYY-MM-DD). Its key has two columns,
     * so a batch is named by the rows' physical address.
     */
    oldLineUsage: async (before: string, limit: number) => {
      const batch = sql`select ctid from ${lineUsage} where ${lineUsage.periode} < ${before} limit ${limit} for update skip locked`;
      const deleted = await db.delete(lineUsage).where(sql`ctid in (${batch})`).returning({ idContrat: lineUsage.idContrat });
      return deleted.length;
    },

    /** The usage feed's days before `before` (YYYY-MM-DD), named by address as the monthly readings. */
    oldLineUsageDays: async (before: string, limit: number) => {
      const batch = sql`select ctid from ${lineUsageDays} where ${lineUsageDays.jour} < ${before} limit ${limit} for update skip locked`;
      const deleted = await db.delete(lineUsageDays).where(sql`ctid in (${batch})`).returning({ idContrat: lineUsageDays.idContrat });
      return deleted.length;
    },

    /** FAQ votes cast before `before`. Their key has two columns: a batch is named by address. */
    oldFaqVotes: async (before: Date, limit: number) => {
      const batch = sql`select ctid from ${faqVotes} where ${faqVotes.voteLe} < ${before} limit ${limit} for update skip locked`;
      const deleted = await db.delete(faqVotes).where(sql`ctid in (${batch})`).returning({ idQuestion: faqVotes.idQuestion });
      return deleted.length;
    },

    /**
     * Tickets whose attachment's retention has ended: resolved before `resolvedBefore`, or sent
     * before `sentBefore` whatever their status. Their storage keys, at most `limit`.
     */
    expiredSupportAttachments: async (resolvedBefore: Date, sentBefore: Date, limit: number) =>
      db
        .select({ id: supportTickets.id, reference: supportTickets.reference, key: supportTickets.pieceJointeCle })
        .from(supportTickets)
        .where(
          and(
            isNotNull(supportTickets.pieceJointeCle),
            or(and(eq(supportTickets.statut, 'RESOLUE'), lt(supportTickets.updatedAt, resolvedBefore)), lt(supportTickets.createdAt, sentBefore)),
          ),
        )
        .limit(limit),

    /**
     * Marks a ticket's attachment as deleted: its storage key goes (the label, type and size stay,
     * so the ticket still says a file came with it). Only while the key is still `key`.
     */
    forgetSupportAttachment: async (id: number, key: string) => {
      const updated = await db
        .update(supportTickets)
        .set({ pieceJointeCle: null })
        .where(and(eq(supportTickets.id, id), eq(supportTickets.pieceJointeCle, key)))
        .returning({ id: supportTickets.id });
      return updated.length;
    },

    /** Which of these stored files' keys a row of their kind names. */
    referencedKeys: (kind: StoredFileKind, keys: readonly string[]) => referencedKeys(db, kind, keys),

    /** Mails never sent (failed for good, or lost), created before `before`. */
    unsentMails: (before: Date, limit: number) =>
      deleteBatch(emailOutbox, emailOutbox.id, and(lt(emailOutbox.createdAt, before), isNull(emailOutbox.sentAt)), limit),
  };
}
export type CleanupRepository = ReturnType<typeof createCleanupRepository>;
