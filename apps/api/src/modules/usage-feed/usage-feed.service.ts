import { USAGE_MAX_AGE_DAYS, type UsageBatch, type UsageBatchAnswer } from '@ecare/shared';
import type { Transact, Transaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UsageDayIncrement, UsageFeedRepository } from './usage-feed.repository.ts';
import { dayIncrements, sortBatch } from './usage-feed.rules.ts';

/**
 * What another module does with the days a batch added to, in the batch's transaction (the
 * bill-shock guard queues their evaluation): it happens exactly when the records are counted.
 */
export type CountedListener = (tx: Transaction, days: readonly UsageDayIncrement[]) => Promise<void>;

/** Records deleted per statement by the clean-up: short locks, a few a second. */
const FORGET_BATCH = 5_000;

export interface UsageFeedDeps {
  repo: UsageFeedRepository;
  transaction: Transact;
  clock: Clock;
  /** Called in order after each batch that counted records; filled as modules register. */
  listeners: readonly CountedListener[];
}

export function createUsageFeedService({ repo, transaction, clock, listeners }: UsageFeedDeps) {
  return {
    /**
     * Counts a batch of usage records (decision 045): each id once, whatever batch sent it first;
     * records of unknown or terminated lines, or ahead of the clock, refused with their reason.
     * The records kept and what they add to their lines' days commit together or not at all.
     */
    async ingest({ evenements }: UsageBatch): Promise<UsageBatchAnswer> {
      const now = clock.now();
      const lines = await repo.linesByNumber([...new Set(evenements.map((event) => event.numeroLigne))]);
      const batch = sortBatch(evenements, lines, now);
      const kept = await transaction(async (tx) => {
        const inserted = await repo.insertEvents(tx, batch.toKeep);
        const days = dayIncrements(inserted);
        await repo.addToDays(tx, days);
        if (days.length > 0) for (const listener of listeners) await listener(tx, days);
        return inserted.length;
      });
      return { acceptes: kept, doublons: batch.repeated + batch.toKeep.length - kept, rejetes: batch.rejected };
    },

    /**
     * Forgets the records older than any the feed still takes (USAGE_MAX_AGE_DAYS, and a day for
     * the clocks): their days stay counted in `line_usage_days`. Returns how many went.
     */
    async forgetOldRecords(): Promise<number> {
      const before = new Date(clock.now().getTime() - (USAGE_MAX_AGE_DAYS + 1) * 86_400_000);
      let total = 0;
      for (;;) {
        const deleted = await repo.forgetEventsBefore(before, FORGET_BATCH);
        total += deleted;
        if (deleted < FORGET_BATCH) return total;
      }
    },
  };
}
export type UsageFeedService = ReturnType<typeof createUsageFeedService>;
