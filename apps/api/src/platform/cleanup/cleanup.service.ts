import { STORED_FILE_KINDS } from '../../db/stored-files.ts';
import type { AttachmentStores, StoredFileKind } from '../../lib/attachments/file-store.ts';
import type { AttachmentStore, StoredFile } from '../../lib/attachments/store.ts';
import type { CleanupRepository } from './cleanup.repository.ts';
import { CLEANUP_BATCH_SIZE, CLEANUP_MAX_BATCHES, RETENTION } from './cleanup.retention.ts';

export interface CleanupOptions {
  batchSize?: number;
  maxBatches?: number;
  /** Where uploaded files are stored (core.files, lib/attachments/file-store.ts): without it, no file is cleaned up. */
  files?: AttachmentStores;
  /** Told each ticket whose attachment was deleted. */
  onAttachmentDeleted?: (reference: string) => void;
  /** Told each stored file deleted because nothing names it. */
  onUnclaimedFileDeleted?: (file: StoredFile & { kind: StoredFileKind }) => void;
}

export interface CleanupReport {
  sessions: number;
  agentSessions: number;
  ssoContexts: number;
  oneclicUses: number;
  passwordResets: number;
  emailChanges: number;
  unlockLinks: number;
  /** Sign-ins' second steps (`mfa_token`) a day after they expired or were used. */
  mfaChallenges: number;
  /** Devices a user has not signed in from for 90 days. */
  knownDevices: number;
  counters: number;
  sentMails: number;
  unsentMails: number;
  auditEntries: number;
  usagePeriods: number;
  faqVotes: number;
  supportAttachments: number;
  /** Uploads that never finished (`.part`), deleted. */
  partialFiles: number;
  /** Kept files no row names, deleted. */
  orphanFiles: number;
}

/** A file already renamed or deleted by the request that owns it, between the listing and now. */
const goneMeanwhile = (error: unknown) => {
  if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
};

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** First day (YYYY-MM-DD) of the calendar month `months` before the one of `now` (UTC). */
function monthStartBefore(now: Date, months: number): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return start.toISOString().slice(0, 10);
}

/**
 * Deletes what has done its job, each kind by its retention period (cleanup.retention.ts), in
 * batches: a large backlog is many short statements, never one long lock. `now` comes from the
 * caller (the scheduled job passes the clock's time; tests move it).
 */
export function createCleanupService(repo: CleanupRepository, options: CleanupOptions = {}) {
  const batchSize = options.batchSize ?? CLEANUP_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? CLEANUP_MAX_BATCHES;

  async function drain(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const deleted = await deleteBatch(batchSize);
      total += deleted;
      if (deleted < batchSize) break;
    }
    return total;
  }

  const service = {
    sessions: (now: Date) => drain((limit) => repo.endedSessions(ago(now, RETENTION.sessionsMs), now, limit)),

    agentSessions: (now: Date) => drain((limit) => repo.endedAgentSessions(ago(now, RETENTION.sessionsMs), now, limit)),

    ssoContexts: (now: Date) => drain((limit) => repo.expiredSsoContexts(now, limit)),

    /** Used one-click signatures once their URL has expired: it is refused by its date from then on. */
    oneclicUses: (now: Date) => drain((limit) => repo.expiredOneclicUses(now, limit)),

    async emailLinks(now: Date): Promise<Pick<CleanupReport, 'passwordResets' | 'emailChanges' | 'unlockLinks'>> {
      const before = ago(now, RETENTION.linksMs);
      return {
        passwordResets: await drain((limit) => repo.endedPasswordResets(before, now, limit)),
        emailChanges: await drain((limit) => repo.endedEmailChanges(before, now, limit)),
        unlockLinks: await drain((limit) => repo.endedUnlockLinks(before, now, limit)),
      };
    },

    mfaChallenges: (now: Date) => drain((limit) => repo.endedMfaChallenges(ago(now, RETENTION.mfaChallengesMs), now, limit)),

    knownDevices: (now: Date) => drain((limit) => repo.staleKnownDevices(ago(now, RETENTION.knownDevicesMs), limit)),

    rateLimits: (now: Date) => drain((limit) => repo.staleCounters(ago(now, RETENTION.countersMs), limit)),

    async outbox(now: Date): Promise<Pick<CleanupReport, 'sentMails' | 'unsentMails'>> {
      return {
        sentMails: await drain((limit) => repo.sentMails(ago(now, RETENTION.sentMailsMs), limit)),
        unsentMails: await drain((limit) => repo.unsentMails(ago(now, RETENTION.unsentMailsMs), limit)),
      };
    },

    auditEntries: (now: Date) => drain((limit) => repo.oldAuditEntries(ago(now, RETENTION.auditMs), limit)),

    /** A line's monthly readings and the usage feed's days (decision 045) of the periods no longer kept. */
    usagePeriods: async (now: Date) => {
      const before = monthStartBefore(now, RETENTION.usagePeriods);
      return (await drain((limit) => repo.oldLineUsage(before, limit))) + (await drain((limit) => repo.oldLineUsageDays(before, limit)));
    },

    faqVotes: (now: Date) => drain((limit) => repo.oldFaqVotes(ago(now, RETENTION.faqVotesMs), limit)),

    /**
     * Deletes the files of contact-form attachments past their retention (a year after the
     * ticket was resolved, two after it was sent) through the attachment store, then forgets
     * their keys: a file is gone before its ticket says so, and a run stopped in between deletes
     * it again (deleting a missing file is no error) and finishes the next time.
     */
    async supportAttachments(now: Date): Promise<number> {
      const store = options.files?.contact;
      if (!store) return 0;
      const resolvedBefore = ago(now, RETENTION.supportAttachmentResolvedMs);
      const sentBefore = ago(now, RETENTION.supportAttachmentMaxMs);
      return drain(async (limit) => {
        const expired = await repo.expiredSupportAttachments(resolvedBefore, sentBefore, limit);
        let forgotten = 0;
        for (const ticket of expired) {
          if (ticket.key === null) continue;
          await store.discard(ticket.key);
          forgotten += await repo.forgetSupportAttachment(ticket.id, ticket.key);
          options.onAttachmentDeleted?.(ticket.reference);
        }
        // Two instances may both delete a file; one forgets its key, the other counts nothing.
        return forgotten;
      });
    },

    /**
     * Stored files nothing names, through each kind's store, once last written over an hour ago.
     * A `.part` is an upload that never finished: deleted, unless its row was written and only
     * the rename to its final name was lost (a termination proof is kept after its commit),
     * which is then done. A kept file whose key no row holds (its transaction rolled back after
     * the rename, or its row deleted and the process stopped before the file went) is deleted.
     */
    async storedFiles(now: Date): Promise<Pick<CleanupReport, 'partialFiles' | 'orphanFiles'>> {
      const counts = { partialFiles: 0, orphanFiles: 0 };
      const stores = options.files;
      if (!stores) return counts;
      const before = ago(now, RETENTION.unclaimedFilesMs).getTime();
      const settle = async (kind: StoredFileKind, store: AttachmentStore, files: StoredFile[]) => {
        const named = await repo.referencedKeys(kind, files.map((file) => file.key));
        for (const file of files) {
          if (named.has(file.key)) {
            if (file.partial) await store.keep(file.key).catch(goneMeanwhile);
            continue;
          }
          await store.discard(file.key);
          counts[file.partial ? 'partialFiles' : 'orphanFiles'] += 1;
          options.onUnclaimedFileDeleted?.({ ...file, kind });
        }
      };
      for (const kind of STORED_FILE_KINDS) {
        const store = stores[kind];
        let batch: StoredFile[] = [];
        let batches = 0;
        for await (const file of store.list()) {
          if (file.modifiedAt.getTime() >= before) continue;
          batch.push(file);
          if (batch.length < batchSize) continue;
          await settle(kind, store, batch);
          batch = [];
          // A larger backlog is finished by the next runs.
          if (++batches >= maxBatches) break;
        }
        await settle(kind, store, batch);
      }
      return counts;
    },

    /** Every kind in turn; one that fails does not keep the others from running, and the run then fails. */
    async runAll(now: Date): Promise<CleanupReport> {
      const errors: unknown[] = [];
      const attempt = async <T>(run: () => Promise<T>, none: T): Promise<T> => {
        try {
          return await run();
        } catch (error) {
          errors.push(error);
          return none;
        }
      };
      const report: CleanupReport = {
        sessions: await attempt(() => service.sessions(now), 0),
        agentSessions: await attempt(() => service.agentSessions(now), 0),
        ssoContexts: await attempt(() => service.ssoContexts(now), 0),
        oneclicUses: await attempt(() => service.oneclicUses(now), 0),
        ...(await attempt(() => service.emailLinks(now), { passwordResets: 0, emailChanges: 0, unlockLinks: 0 })),
        mfaChallenges: await attempt(() => service.mfaChallenges(now), 0),
        knownDevices: await attempt(() => service.knownDevices(now), 0),
        counters: await attempt(() => service.rateLimits(now), 0),
        ...(await attempt(() => service.outbox(now), { sentMails: 0, unsentMails: 0 })),
        auditEntries: await attempt(() => service.auditEntries(now), 0),
        usagePeriods: await attempt(() => service.usagePeriods(now), 0),
        faqVotes: await attempt(() => service.faqVotes(now), 0),
        supportAttachments: await attempt(() => service.supportAttachments(now), 0),
        ...(await attempt(() => service.storedFiles(now), { partialFiles: 0, orphanFiles: 0 })),
      };
      if (errors.length > 0) throw new AggregateError(errors, `clean-up failed for ${errors.length} kind(s)`);
      return report;
    },
  };
  return service;
}
export type CleanupService = ReturnType<typeof createCleanupService>;
