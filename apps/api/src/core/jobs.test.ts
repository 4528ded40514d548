import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTransact } from '../db/transaction.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { waitFor } from '../test/wait-for.ts';
import { inlineJobs, jobQueueSql, pgBossJobs } from './jobs.ts';

let t: TestContext;
let database: DatabaseHandle | undefined;
beforeAll(async () => {
  t = await createTestContext({
    jobs: (opened) => {
      database = opened;
      return undefined;
    },
  });
});
afterAll(() => t.close());

function handle(): DatabaseHandle {
  if (!database) throw new Error('no database handle');
  return database;
}

describe('inline jobs', () => {
  it('runs a job sent in a transaction once it has committed, and never one whose transaction rolled back', async () => {
    const jobs = inlineJobs();
    const handled: string[] = [];
    await jobs.work<{ name: string }>('essai', async ({ name }) => void handled.push(name));
    const transact = createTransact(t.db);

    await transact(async (tx) => {
      await jobs.send('essai', { name: 'validé' }, { tx });
      expect(handled).toEqual([]);
    });
    expect(handled).toEqual(['validé']);

    await expect(
      transact(async (tx) => {
        await jobs.send('essai', { name: 'annulé' }, { tx });
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(handled).toEqual(['validé']);
  });

  it('refuses a job for a queue nobody works, and keeps schedules until asked to run them', async () => {
    const jobs = inlineJobs();
    await expect(jobs.send('personne', {})).rejects.toThrow(/no worker/);
    let runs = 0;
    await jobs.schedule('horaire', '0 * * * *', async () => void (runs += 1));
    expect(jobs.schedules()).toEqual([{ name: 'horaire', cron: '0 * * * *' }]);
    expect(runs).toBe(0);
    await jobs.runScheduled('horaire');
    expect(runs).toBe(1);
  });
});

describe('pg-boss jobs', () => {
  it('works a queue, keeps a schedule in the database, and refuses a queue it does not know', async () => {
    const jobs = pgBossJobs(handle().executeSql, t.app.log, { pollingSeconds: 0.5 });
    await jobs.start();
    try {
      const handled: number[] = [];
      await jobs.work<{ n: number }>('essai-boss', async ({ n }) => void handled.push(n));
      await jobs.send('essai-boss', { n: 1 });
      await waitFor(() => handled.length === 1, { timeoutMs: 20_000, what: 'the job to be worked' });
      expect(handled).toEqual([1]);

      // Jobs waiting on a batch queue come to its handler together: three sent in one
      // transaction appear at once, and the next fetch takes them all.
      const batches: number[][] = [];
      await jobs.workBatch<{ n: number }>('essai-lot', async (items) => void batches.push(items.map((item) => item.n)), { batchSize: 10 });
      await createTransact(t.db)(async (tx) => {
        for (const n of [1, 2, 3]) await jobs.send('essai-lot', { n }, { tx });
      });
      await waitFor(() => batches.flat().length === 3, { timeoutMs: 20_000, what: 'the batch to be worked' });
      expect(batches.map((batch) => [...batch].sort())).toEqual([[1, 2, 3]]);

      await jobs.schedule('horaire-boss', '0 * * * *', async () => {});
      const { rows } = await handle().executeSql('select name, cron from pgboss.schedule where name = $1', ['horaire-boss']);
      expect(rows).toEqual([{ name: 'horaire-boss', cron: '0 * * * *' }]);

      await expect(jobs.send('personne', {})).rejects.toThrow(/no worker/);
    } finally {
      await jobs.stop();
    }
  });
});

describe('pg-boss queue options', () => {
  it('sets them again on a queue an earlier version made, so that a job taken for lost is retried when the code now says', async () => {
    const expiryOf = async (name: string) => (await handle().executeSql('select expire_seconds, retry_limit from pgboss.queue where name = $1', [name])).rows[0];
    const earlier = pgBossJobs(handle().executeSql, t.app.log, { pollingSeconds: 0.5 });
    await earlier.start();
    try {
      await earlier.work('essai-options', async () => {}, { retryLimit: 3 });
    } finally {
      await earlier.stop();
    }
    // No expiry of its own: pg-boss's 15 minutes.
    expect(await expiryOf('essai-options')).toMatchObject({ expire_seconds: null, retry_limit: 3 });
    const now = pgBossJobs(handle().executeSql, t.app.log, { pollingSeconds: 0.5 });
    await now.start();
    try {
      await now.work('essai-options', async () => {}, { retryLimit: 3, expireInSeconds: 120 });
    } finally {
      await now.stop();
    }
    expect(await expiryOf('essai-options')).toMatchObject({ expire_seconds: 120, retry_limit: 3 });
  });
});

describe('the SQL of the job queue', () => {
  // pg-boss's own statements, as its workers send them.
  const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<string, (schema: string) => string | ((options: object) => string)>;
  const sqlOf = (plan: string): string => {
    const made = plans[plan]?.('pgboss') ?? '';
    return typeof made === 'function' ? made({}) : made;
  };
  const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  const failing = (error: Error) => () => Promise.reject(error);

  it('gives up only the record of a job’s end when the database is lost, as no job changed', async () => {
    for (const plan of ['completeJobs', 'failJobsById', 'failJobsByTimeout']) {
      const text = sqlOf(plan);
      expect(await jobQueueSql(failing(lost), t.app.log)(text, [])).toEqual({ rows: [{ count: '0' }] });
    }
  });

  it('passes on any other failure, and the loss of the database during any other statement', async () => {
    const other = Object.assign(new Error('syntax error'), { code: '42601' });
    await expect(jobQueueSql(failing(other), t.app.log)(sqlOf('completeJobs'), [])).rejects.toBe(other);
    for (const plan of ['fetchNextJob', 'insertJob', 'createQueue']) {
      const text = sqlOf(plan);
      expect(text).not.toBe('');
      await expect(jobQueueSql(failing(lost), t.app.log)(text, [])).rejects.toBe(lost);
    }
  });
});

describe('pg-boss at a stop (decision 067)', () => {
  it('hands a job still running at the time limit back to the queue, where another instance takes it', async () => {
    const stopping = pgBossJobs(handle().executeSql, t.app.log, { pollingSeconds: 0.5, stopTimeoutMs: 1_000 });
    await stopping.start();
    const begun: string[] = [];
    await stopping.work<{ name: string }>(
      'essai-arret',
      async ({ name }) => {
        begun.push(name);
        // Longer than the stop's time limit.
        await new Promise((resolve) => setTimeout(resolve, 4_000));
      },
      { retryLimit: 2, retryDelaySeconds: 0 },
    );
    await stopping.send('essai-arret', { name: 'longue' });
    await waitFor(() => begun.length === 1, { timeoutMs: 20_000, what: 'the job to begin' });
    await stopping.stop();
    const stateOf = async () => (await handle().executeSql(`select state from pgboss.job where name = 'essai-arret' and data->>'name' = 'longue'`)).rows[0];
    expect(await stateOf()).toEqual({ state: 'retry' });

    // The next instance works it.
    const next = pgBossJobs(handle().executeSql, t.app.log, { pollingSeconds: 0.5 });
    await next.start();
    try {
      const done: string[] = [];
      await next.work<{ name: string }>('essai-arret', async ({ name }) => void done.push(name), { retryLimit: 2, retryDelaySeconds: 0 });
      await waitFor(() => done.length === 1, { timeoutMs: 20_000, what: 'the job handed back to be worked again' });
      expect(done).toEqual(['longue']);
    } finally {
      await next.stop();
    }
  });
});
