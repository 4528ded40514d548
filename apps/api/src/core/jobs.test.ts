import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTransact } from '../db/transaction.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { waitFor } from '../test/wait-for.ts';
import { inlineJobs, pgBossJobs } from './jobs.ts';

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

      await jobs.schedule('horaire-boss', '0 * * * *', async () => {});
      const { rows } = await handle().executeSql('select name, cron from pgboss.schedule where name = $1', ['horaire-boss']);
      expect(rows).toEqual([{ name: 'horaire-boss', cron: '0 * * * *' }]);

      await expect(jobs.send('personne', {})).rejects.toThrow(/no worker/);
    } finally {
      await jobs.stop();
    }
  });
});
