import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { rateLimitCounters } from './schema.ts';
import { createTransact, type Transaction } from './transaction.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const counter = async (key: string) => (await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key))).length;

/** One row through drizzle, one through raw SQL, in `tx`. */
async function writeBoth(tx: Transaction, prefix: string) {
  const now = new Date();
  await tx.db.insert(rateLimitCounters).values({ key: `${prefix}:drizzle`, windowStart: now, count: 1, lastAt: now });
  await tx.executeSql('insert into rate_limit_counters (key, window_start, count, last_at) values ($1, $2, 1, $2)', [`${prefix}:sql`, now]);
}

describe('transactions', () => {
  it('commits drizzle writes and raw SQL together, and rolls them back together', async () => {
    const transact = createTransact(t.db);
    await transact((tx) => writeBoth(tx, 'tx-commit'));
    expect([await counter('tx-commit:drizzle'), await counter('tx-commit:sql')]).toEqual([1, 1]);

    await expect(
      transact(async (tx) => {
        await writeBoth(tx, 'tx-rollback');
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect([await counter('tx-rollback:drizzle'), await counter('tx-rollback:sql')]).toEqual([0, 0]);
  });

  it('runs after-commit work once committed and the connection is back in the pool, never after a rollback', async () => {
    const transact = createTransact(t.db);
    const seen: number[] = [];
    await transact(async (tx) => {
      await writeBoth(tx, 'tx-after');
      // Through the pool: on PGlite (one connection) this only answers once the transaction let go.
      tx.afterCommit(async () => void seen.push(await counter('tx-after:sql')));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([1]);

    await expect(
      transact(async (tx) => {
        tx.afterCommit(async () => void seen.push(-1));
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(seen).toEqual([1]);
  });

  it('turns a nested transaction into a savepoint of the outer one', async () => {
    const transact = createTransact(t.db);
    await transact(async (tx) => {
      await writeBoth(tx, 'tx-outer');
      await expect(
        tx.db.transaction(async (inner) => {
          await inner.execute(sql`delete from rate_limit_counters where key like 'tx-outer:%'`);
          throw new Error('inner step failed');
        }),
      ).rejects.toThrow('inner step failed');
    });
    expect([await counter('tx-outer:drizzle'), await counter('tx-outer:sql')]).toEqual([1, 1]);
  });
});
