import { billingPeriodOf } from '@ecare/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inlineJobs } from '../../core/jobs.ts';
import { contracts, lineUsage, lineUsageDays, offers } from '../../db/schema.ts';
import { useTestContext } from '../../test/harness.ts';
import { FORGET_OLD_RECORDS_JOB } from './index.ts';
import { DEMO_USAGE_FEED_CRON, DEMO_USAGE_FEED_JOB } from './usage-feed.demo.ts';
import { usageEvents } from './usage-feed.schema.ts';

// The demo feed on, as `npm start` has it; its schedule runs only when the test says.
const jobs = inlineJobs();
const { t } = useTestContext(async () => ({}), { env: { DEMO_USAGE_FEED: 'true' }, jobs: () => () => jobs });

/** The bakery's heavy data user (heavyLineOf), as the README names it. */
const HEAVY_NUMBER = '0626043580';
const MINUTE = 60_000;

async function demoRecords(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(usageEvents).where(like(usageEvents.idEvenement, 'demo-%'));
  return row?.n ?? 0;
}
async function fedTotals(idContrat: number) {
  const [row] = await t.db
    .select({ data: sql<number>`coalesce(sum(${lineUsageDays.dataOctets}), 0)::float8`, cents: sql<number>`coalesce(sum(${lineUsageDays.horsForfaitCentimes}), 0)::float8`, records: sql<number>`coalesce(sum(${lineUsageDays.releves}), 0)::int` })
    .from(lineUsageDays)
    .where(eq(lineUsageDays.idContrat, idContrat));
  return row ?? { data: 0, cents: 0, records: 0 };
}

describe('the demo usage feed job', () => {
  it('feeds the minute just ended once however often it runs, the bakery’s heavy user downloading and paying beyond its allowance', async () => {
    expect(jobs.schedules()).toContainEqual({ name: DEMO_USAGE_FEED_JOB, cron: DEMO_USAGE_FEED_CRON });
    const [heavy] = await t.db.select({ idContrat: contracts.idContrat, dataMo: offers.dataMo }).from(contracts).innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement)).where(eq(contracts.numeroLigne, HEAVY_NUMBER));
    if (!heavy?.dataMo) throw new Error(`no capped demo line ${HEAVY_NUMBER}`);
    // Past its allowance whatever the day of the month the test runs on.
    await t.db
      .update(lineUsage)
      .set({ dataMo: heavy.dataMo + 10 })
      .where(and(eq(lineUsage.idContrat, heavy.idContrat), eq(lineUsage.periode, `${billingPeriodOf(t.clock.now())}-01`)));

    await jobs.runScheduled(DEMO_USAGE_FEED_JOB);
    const once = { records: await demoRecords(), heavy: await fedTotals(heavy.idContrat) };
    expect(once.records).toBeGreaterThan(0);
    // A few hundred MB in a minute, day or night.
    expect(once.heavy.data).toBeGreaterThanOrEqual(100 * 1024 * 1024);

    // The same minute again (a second instance, a retried tick): nothing more is counted.
    t.clock.advance(20_000 - (t.clock.now().getTime() % MINUTE));
    await jobs.runScheduled(DEMO_USAGE_FEED_JOB);
    expect(await demoRecords()).toBe(once.records);
    expect(await fedTotals(heavy.idContrat)).toEqual(once.heavy);

    // Ten more minutes: over a gigabyte more, each gigabyte started charged 10 € HT.
    for (let minute = 0; minute < 10; minute++) {
      t.clock.advance(MINUTE);
      await jobs.runScheduled(DEMO_USAGE_FEED_JOB);
    }
    const later = await fedTotals(heavy.idContrat);
    expect(await demoRecords()).toBeGreaterThan(once.records);
    expect(later.data - once.heavy.data).toBeGreaterThan(1024 * 1024 * 1024);
    expect(later.cents - once.heavy.cents).toBeGreaterThanOrEqual(1_000);
    expect(later.cents % 1_000).toBe(0);
  });

  it('feeds the running lines of the demo accounts only', async () => {
    const fed = await t.db.selectDistinct({ codeStatut: contracts.codeStatut }).from(usageEvents).innerJoin(contracts, eq(contracts.idContrat, usageEvents.idContrat));
    expect(fed).toEqual([{ codeStatut: 'ACTIF' }]);
  });
});

describe('the nightly clean-up of records', () => {
  it('forgets the records older than the feed takes, keeps the others and what every record added to its day', async () => {
    const [line] = await t.db.select({ idContrat: contracts.idContrat }).from(contracts).where(eq(contracts.codeStatut, 'ACTIF')).limit(1);
    if (!line) throw new Error('no running line');
    const day = 86_400_000;
    const now = t.clock.now().getTime();
    const record = (id: string, ageDays: number) => ({
      idEvenement: id,
      idContrat: line.idContrat,
      horodatage: new Date(now - ageDays * day),
      type: 'SMS' as const,
      zone: 'FRANCE' as const,
      volume: 1,
      montantHorsForfaitCentimes: 0,
      recuLe: new Date(now - ageDays * day),
    });
    await t.db.insert(usageEvents).values([record('cleanup-old-1', 94), record('cleanup-old-2', 120), record('cleanup-recent', 92)]);
    const daysBefore = await fedTotals(line.idContrat);
    expect(jobs.schedules()).toContainEqual({ name: FORGET_OLD_RECORDS_JOB, cron: '40 3 * * *' });
    await jobs.runScheduled(FORGET_OLD_RECORDS_JOB);
    const left = await t.db.select({ id: usageEvents.idEvenement }).from(usageEvents).where(like(usageEvents.idEvenement, 'cleanup-%'));
    expect(left.map((row) => row.id)).toEqual(['cleanup-recent']);
    expect(await fedTotals(line.idContrat)).toEqual(daysBefore);
  });
});
