import { USAGE_EVENT_ID_MAX, usageEventSchema } from '@ecare/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATA_OVERAGE_CENTS_PER_GB, VOICE_PLAN } from '../../db/seed/demo-usage.ts';
import { DEMO_FEED_MAX, activityAt, demoFeedLines, demoUsageBatch, type DemoAccountLine, type DemoFeedLine } from './usage-feed.demo.ts';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

const accountLine = (overrides: Partial<DemoAccountLine>): DemoAccountLine => ({
  idContrat: 5_000_001,
  idClientBscs: 1_000_001,
  numeroLigne: '0612345678',
  codeStatut: 'ACTIF',
  dateActivation: new Date('2021-03-14T00:00:00Z'),
  userId: null,
  idOffreEngagement: 101,
  dataMo: 5_120,
  dataIllimitee: false,
  ...overrides,
});

const feedLine = (overrides: Partial<DemoFeedLine>): DemoFeedLine => ({
  idContrat: 5_000_001,
  numeroLigne: '0612345678',
  idOffreEngagement: 101,
  dataMo: 5_120,
  heavy: false,
  traveller: false,
  usedDataOctets: 0,
  usedVoiceSeconds: 0,
  ...overrides,
});

/** Demo-like lines: distinct contracts and numbers, any plan, any status, one account or two. */
const accountLines = fc
  .uniqueArray(fc.integer({ min: 1, max: 9_999_999 }), { minLength: 1, maxLength: 40 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((idContrat) =>
        fc.record({
          idContrat: fc.constant(idContrat),
          idClientBscs: fc.constantFrom(1_000_001, 1_000_002),
          numeroLigne: fc.constant(`06${String(idContrat).padStart(8, '0')}`),
          codeStatut: fc.constantFrom('ACTIF', 'ACTIF', 'SUSPENDU', 'RESILIE', 'EN_COURS'),
          dateActivation: fc.constant(new Date('2021-03-14T00:00:00Z')),
          userId: fc.constantFrom(null, 7),
          idOffreEngagement: fc.constantFrom(101, 102, 103, 104, 105, 106),
          dataMo: fc.constantFrom(100, 5_120, 20_480, null),
          dataIllimitee: fc.boolean(),
        }),
      ),
    ),
  ) as fc.Arbitrary<DemoAccountLine[]>;
const used = fc.dictionary(fc.integer({ min: 1, max: 9_999_999 }).map(String), fc.record({ dataOctets: fc.integer({ min: 0, max: 200 * GIB }), voiceSeconds: fc.integer({ min: 0, max: 500_000 }) }));
/** Minutes of 2025 to 2027. */
const minutes = fc.integer({ min: Date.parse('2025-01-01T00:00:00Z') / 60_000, max: Date.parse('2027-12-31T00:00:00Z') / 60_000 }).map((m) => new Date(m * 60_000));

const batchOf = (lines: DemoAccountLine[], usage: Record<string, { dataOctets: number; voiceSeconds: number }>, minute: Date) =>
  demoUsageBatch(demoFeedLines(lines, new Map(Object.entries(usage).map(([id, value]) => [Number(id), value]))), minute);

describe('the demo usage generator', () => {
  it('draws well-formed records of the running lines only, within the minute, with unique ids of their line and minute', () => {
    fc.assert(
      fc.property(accountLines, used, minutes, (lines, usage, minute) => {
        const batch = batchOf(lines, usage, minute);
        const running = new Map(lines.filter((line) => line.codeStatut === 'ACTIF').map((line) => [line.numeroLigne, line]));
        expect(new Set(batch.map((record) => record.idEvenement)).size).toBe(batch.length);
        for (const record of batch) {
          expect(usageEventSchema.parse(record)).toEqual(record);
          expect(record.idEvenement.length).toBeLessThanOrEqual(USAGE_EVENT_ID_MAX);
          const line = running.get(record.numeroLigne);
          expect(line, record.numeroLigne).toBeDefined();
          expect(record.idEvenement).toMatch(new RegExp(`^demo-${line?.idContrat}-${minute.getTime() / 60_000}-\\d+$`));
          const at = Date.parse(record.horodatage);
          expect(at).toBeGreaterThanOrEqual(minute.getTime());
          expect(at).toBeLessThan(minute.getTime() + 60_000);
          expect(record.volume).toBeGreaterThan(0);
          const max = { DATA: DEMO_FEED_MAX.dataOctets, DATA_ITINERANCE: DEMO_FEED_MAX.dataOctets, VOIX: DEMO_FEED_MAX.voiceSeconds, VOIX_ITINERANCE: DEMO_FEED_MAX.voiceSeconds, SMS: DEMO_FEED_MAX.sms }[record.type];
          expect(record.volume).toBeLessThanOrEqual(max);
          // Only the EU: roaming there costs what it costs at home.
          expect(record.zone).not.toBe('MONDE');
          if (line?.idOffreEngagement === 106) expect(record.type).toMatch(/^DATA/);
        }
      }),
    );
  });

  it('draws the same records for the same line and minute, whatever it used or the other lines do', () => {
    fc.assert(
      fc.property(accountLines, used, minutes, (lines, usage, minute) => {
        const volumes = (batch: ReturnType<typeof batchOf>) => batch.map(({ montantHorsForfaitCentimes: _, ...record }) => record);
        const all = volumes(batchOf(lines, usage, minute));
        expect(volumes(batchOf(lines, {}, minute))).toEqual(all);
        // A line's records do not depend on the lines around it, nor on how it was found.
        for (const own of demoFeedLines(lines, new Map()).slice(0, 3)) {
          const alone = volumes(demoUsageBatch([own], minute));
          expect(all.filter((record) => record.numeroLigne === own.numeroLigne)).toEqual(alone);
        }
      }),
    );
  });

  it('charges nothing within the allowance, each gigabyte started beyond it, the voice plan’s minutes beyond its two hours', () => {
    fc.assert(
      fc.property(minutes, fc.integer({ min: 0, max: 5 * GIB }), (minute, beyond) => {
        const allowance = 5_120 * MIB;
        const heavy = feedLine({ heavy: true, usedDataOctets: allowance + beyond });
        const records = demoUsageBatch([heavy], minute);
        const volume = records.filter((record) => record.type === 'DATA').reduce((sum, record) => sum + record.volume, 0);
        const charged = records.reduce((sum, record) => sum + record.montantHorsForfaitCentimes, 0);
        expect(charged).toBe((Math.ceil((beyond + volume) / GIB) - Math.ceil(beyond / GIB)) * DATA_OVERAGE_CENTS_PER_GB);
        // Far under its allowance, nothing; unlimited, nothing.
        for (const line of [feedLine({ heavy: true }), feedLine({ heavy: true, dataMo: null, usedDataOctets: 500 * GIB })]) {
          expect(demoUsageBatch([line], minute).every((record) => record.montantHorsForfaitCentimes === 0)).toBe(true);
        }
      }),
    );
    // A busy hour of a voice-plan line past its two hours: every call is charged by the minute begun.
    const voice = Array.from({ length: 20 }, (_, i) => feedLine({ idContrat: 100 + i, idOffreEngagement: VOICE_PLAN.id, dataMo: 100, usedVoiceSeconds: VOICE_PLAN.minutes * 60 }));
    const calls = Array.from({ length: 600 }, (_, m) => demoUsageBatch(voice, new Date(Date.UTC(2026, 10, 17, 9, m))))
      .flat()
      .filter((record) => record.type === 'VOIX');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.montantHorsForfaitCentimes % 35).toBe(0);
    expect(calls.reduce((sum, call) => sum + call.montantHorsForfaitCentimes, 0)).toBeGreaterThan(0);
  });

  it('keeps the heavy user downloading a few hundred MB a minute, day and night, and the others quieter at night', () => {
    const lines = [accountLine({ idContrat: 11 }), ...Array.from({ length: 30 }, (_, i) => accountLine({ idContrat: 12 + i, numeroLigne: `06${String(12 + i).padStart(8, '0')}`, dataMo: null, dataIllimitee: true }))];
    const feed = demoFeedLines(lines, new Map());
    expect(feed.filter((line) => line.heavy).map((line) => line.idContrat)).toEqual([11]);
    // Tuesday 17 November 2026: 3 a.m. and 10 a.m. in Paris, an hour each.
    const hour = (utcHour: number) => Array.from({ length: 60 }, (_, m) => demoUsageBatch(feed, new Date(Date.UTC(2026, 10, 17, utcHour, m)))).flat();
    const heavyPerMinute = (records: ReturnType<typeof hour>) => records.filter((r) => r.numeroLigne === '0612345678').reduce((sum, r) => sum + r.volume, 0) / 60 / MIB;
    const night = hour(2);
    const day = hour(9);
    expect(activityAt(new Date(Date.UTC(2026, 10, 17, 2, 0)))).toBeLessThan(activityAt(new Date(Date.UTC(2026, 10, 17, 9, 0))));
    expect(heavyPerMinute(night)).toBeGreaterThan(100);
    expect(heavyPerMinute(day)).toBeGreaterThan(heavyPerMinute(night));
    expect(heavyPerMinute(day)).toBeLessThan(500);
    expect(day.length).toBeGreaterThan(3 * night.length);
  });

  it('sends one or two travellers of the second account to the EU on some days, as roaming', () => {
    const lines = [
      accountLine({ idContrat: 1, numeroLigne: '0600000001' }),
      ...Array.from({ length: 4 }, (_, i) => accountLine({ idContrat: 10 + i, idClientBscs: 1_000_002, numeroLigne: `06000000${10 + i}`, dataMo: null, dataIllimitee: true })),
    ];
    const feed = demoFeedLines(lines, new Map());
    expect(feed.filter((line) => line.traveller).map((line) => line.idContrat)).toEqual([10, 11]);
    const month = Array.from({ length: 30 }, (_, d) => Array.from({ length: 60 }, (_, m) => demoUsageBatch(feed, new Date(Date.UTC(2026, 9, d + 1, 9, m)))).flat()).flat();
    const roaming = month.filter((record) => record.zone === 'UE');
    expect(new Set(roaming.map((record) => record.numeroLigne))).toEqual(new Set(['0600000010', '0600000011']));
    expect(roaming.every((record) => record.type !== 'DATA' && record.type !== 'VOIX' && record.montantHorsForfaitCentimes === 0)).toBe(true);
    expect(month.some((record) => record.numeroLigne === '0600000010' && record.zone === 'FRANCE')).toBe(true);
  });
});
