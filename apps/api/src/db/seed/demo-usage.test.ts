import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriodOf, periodsEndingWith } from '@ecare/shared';
import { asc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { contracts, lineUsage } from '../schema.ts';
import { buildDemoUsage, heavyLineOf, type UsageLine } from './demo-usage.ts';
import { resetDemoData } from './reset.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const usageRows = () => t.db.select().from(lineUsage).orderBy(asc(lineUsage.idContrat), asc(lineUsage.periode));

const line = (overrides: Partial<UsageLine>): UsageLine => ({
  idContrat: 5_000_001,
  idClientBscs: 1_000_001,
  codeStatut: 'ACTIF',
  dateActivation: new Date('2021-03-14T00:00:00Z'),
  userId: null,
  idOffreEngagement: 101,
  dataMo: 5_120,
  dataIllimitee: false,
  ...overrides,
});

describe('demo usage', () => {
  it('gives every active demo line six billing periods ending with the current one', async () => {
    const current = billingPeriodOf(new Date());
    const lines = await t.db.select().from(contracts);
    const rows = await usageRows();
    const periods = periodsEndingWith(current, 6).map((period) => `${period}-01`);
    for (const demoLine of lines) {
      const own = rows.filter((row) => row.idContrat === demoLine.idContrat);
      expect(own.map((row) => row.periode), String(demoLine.idContrat)).toEqual(periods);
      const last = own.at(-1);
      if (demoLine.codeStatut === 'ACTIF') expect(own.every((row) => row.dataMo > 0)).toBe(true);
      else expect(last).toMatchObject({ voixMinutes: 0, sms: 0, dataMo: 0, horsForfaitCentimes: 0 });
    }
    expect(rows.some((row) => row.horsForfaitCentimes > 0)).toBe(true);
  });

  it('draws the same figures for the same moment, whatever the other lines', () => {
    const now = new Date('2026-03-10T08:00:00Z');
    const lines = [line({}), line({ idContrat: 5_000_002, idOffreEngagement: 104, dataMo: null, dataIllimitee: true })];
    expect(buildDemoUsage(lines, now)).toEqual(buildDemoUsage(lines, now));
    const alone = buildDemoUsage([lines[1] as UsageLine], now);
    expect(buildDemoUsage(lines, now).filter((row) => row.idContrat === 5_000_002)).toEqual(alone);
  });

  it('counts only the days gone by in the running period and nothing before the activation', () => {
    const now = new Date('2026-03-03T10:00:00Z');
    const rows = buildDemoUsage([line({ dateActivation: new Date('2026-01-20T09:00:00Z'), idOffreEngagement: 104, dataMo: null, dataIllimitee: true })], now);
    expect(rows.map((row) => row.periode)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    const [january, february, march] = rows;
    // 12 of January's 31 days, 3 of March's 31: both well under a full month.
    expect(january?.dataMo ?? 0).toBeLessThan((february?.dataMo ?? 0) * 0.7);
    expect(march?.dataMo ?? 0).toBeLessThan((february?.dataMo ?? 0) * 0.25);
    expect(buildDemoUsage([line({ codeStatut: 'EN_COURS' })], now)).toEqual([]);
  });

  it('keeps capped lines under their allowance but the heavy user, who pays for each gigabyte started beyond it', () => {
    const lines = [line({ userId: 7 }), line({ idContrat: 5_000_002 }), line({ idContrat: 5_000_003 })];
    expect(heavyLineOf(lines)?.idContrat).toBe(5_000_002);
    const rows = buildDemoUsage(lines, new Date('2026-03-31T12:00:00Z'));
    for (const row of rows.filter((candidate) => candidate.idContrat !== 5_000_002)) expect(row.dataMo).toBeLessThanOrEqual(5_120);
    const heavy = rows.filter((row) => row.idContrat === 5_000_002);
    expect(heavy).toHaveLength(6);
    for (const row of heavy) {
      expect(row.dataMo).toBeGreaterThan(5_120 * 1.3);
      expect(row.horsForfaitCentimes).toBeGreaterThanOrEqual(Math.ceil((row.dataMo - 5_120) / 1_024) * 1_000);
    }
  });

  it('is emptied and loaded again by the demo reset', async () => {
    const before = await usageRows();
    const [first] = before;
    if (!first) throw new Error('no demo usage');
    await t.db.update(lineUsage).set({ dataMo: 1 }).where(eq(lineUsage.idContrat, first.idContrat));
    await t.db.insert(lineUsage).values({ ...first, periode: '2001-01-01' });
    await resetDemoData(t.db);
    expect(await usageRows()).toEqual(before);
  });
});
