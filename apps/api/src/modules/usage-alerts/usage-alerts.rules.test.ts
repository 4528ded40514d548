import { ANOMALY } from '@ecare/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeEvaluations } from './usage-alerts.service.ts';
import { crossings, effectiveThresholds, mayReach24h, median, needsHistory, DEFAULT_STORED_THRESHOLDS, type StoredThresholds, type WatchedLine } from './usage-alerts.rules.ts';

const GIB = 1024 ** 3;

const thresholdsArb: fc.Arbitrary<StoredThresholds> = fc.record({
  dataPourcentages: fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 5 }).map((values) => values.sort((a, b) => a - b)),
  horsForfaitCentimes: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
  itineranceCentimes: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
  action: fc.constantFrom('ALERTE' as const, 'BLOCAGE_DATA' as const),
  prevenirUtilisateur: fc.boolean(),
});

const dayArb = fc.integer({ min: 0, max: 40 * GIB });
const lineArb: fc.Arbitrary<WatchedLine> = fc.record({
  thresholds: thresholdsArb,
  dataAllowanceMo: fc.option(fc.integer({ min: 0, max: 300_000 })),
  periodDataMo: fc.integer({ min: 0, max: 1_000_000 }),
  periodHorsForfaitCentimes: fc.integer({ min: 0, max: 20_000_000 }),
  periodItineranceCentimes: fc.integer({ min: 0, max: 20_000_000 }),
  touchedDaysOctets: fc.array(dayArb, { minLength: 1, maxLength: 3 }),
  previousDaysOctets: fc.array(dayArb, { maxLength: 30 }),
  horsForfait24hCentimes: fc.integer({ min: 0, max: 1_000_000 }),
});

const keys = (line: WatchedLine) => crossings(line).map((alert) => `${alert.type}|${alert.cle}`);

describe('crossings', () => {
  it('raises a data alert for exactly the percentages the period has reached, on a capped plan', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const data = crossings(line).filter((alert) => alert.type === 'DATA_SEUIL');
        const allowance = line.dataAllowanceMo;
        const expected = allowance === null || allowance === 0 ? [] : line.thresholds.dataPourcentages.filter((p) => line.periodDataMo * 100 >= p * allowance);
        expect(data.map((alert) => alert.seuil)).toEqual(expected);
        for (const alert of data) expect(alert.valeur).toBeGreaterThanOrEqual(alert.seuil);
      }),
    );
  });

  it('raises the amount alerts at or above their thresholds, in centimes', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const found = crossings(line);
        const { horsForfaitCentimes: hf, itineranceCentimes: roaming } = line.thresholds;
        const hors = found.find((alert) => alert.type === 'HORS_FORFAIT');
        expect(hors !== undefined).toBe(hf !== null && line.periodHorsForfaitCentimes >= hf && line.periodHorsForfaitCentimes > 0);
        if (hors) expect(hors).toMatchObject({ seuil: hf, valeur: line.periodHorsForfaitCentimes, unite: 'EUROS_HT' });
        const itinerance = found.find((alert) => alert.type === 'ITINERANCE');
        expect(itinerance !== undefined).toBe(roaming !== null && line.periodItineranceCentimes >= roaming && line.periodItineranceCentimes > 0);
      }),
    );
  });

  it('flags an anomaly for a day above five times the median day and above 1 GB, or 100 € HT out of bundle in 24 hours', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const found = crossings(line);
        const limit = Math.max(ANOMALY.medianFactor * median(line.previousDaysOctets), ANOMALY.minimumOctets);
        expect(found.some((alert) => alert.cle === 'DATA_JOUR')).toBe(Math.max(...line.touchedDaysOctets) > limit);
        expect(found.some((alert) => alert.cle === 'HORS_FORFAIT_24H')).toBe(line.horsForfait24hCentimes >= 10_000);
        expect(found.filter((alert) => alert.type === 'ANOMALIE').every((alert) => !alert.gele)).toBe(true);
      }),
    );
  });

  it('freezes only with BLOCAGE_DATA, at the largest percentage or an amount', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        for (const alert of crossings(line).filter((candidate) => candidate.gele)) {
          expect(line.thresholds.action).toBe('BLOCAGE_DATA');
          if (alert.type === 'DATA_SEUIL') expect(alert.seuil).toBe(Math.max(...line.thresholds.dataPourcentages));
          else expect(['HORS_FORFAIT', 'ITINERANCE']).toContain(alert.type);
        }
      }),
    );
  });

  it('never takes an alert back as usage grows: more of everything keeps every alert raised', () => {
    fc.assert(
      fc.property(lineArb, fc.nat(100_000), fc.nat(1_000_000), (line, moreMo, moreCentimes) => {
        const grown = {
          ...line,
          periodDataMo: line.periodDataMo + moreMo,
          periodHorsForfaitCentimes: line.periodHorsForfaitCentimes + moreCentimes,
          periodItineranceCentimes: line.periodItineranceCentimes + moreCentimes,
          touchedDaysOctets: line.touchedDaysOctets.map((day) => day + moreMo * 1024 * 1024),
          horsForfait24hCentimes: line.horsForfait24hCentimes + moreCentimes,
        };
        const after = new Set(keys(grown));
        for (const key of keys(line)) expect(after.has(key)).toBe(true);
      }),
    );
  });
});

describe('what the guard may leave unread', () => {
  it('raises the same alerts without the previous days when no touched day needs them', () => {
    const quietDays = fc.array(fc.integer({ min: 0, max: ANOMALY.minimumOctets }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(lineArb, quietDays, (line, touchedDaysOctets) => {
        expect(needsHistory(Math.max(...touchedDaysOctets))).toBe(false);
        const quiet = { ...line, touchedDaysOctets };
        expect(crossings({ ...quiet, previousDaysOctets: [] })).toEqual(crossings(quiet));
      }),
    );
    expect(needsHistory(ANOMALY.minimumOctets + 1)).toBe(true);
  });

  it('raises the same alerts without the last 24 hours’ records when the days they fall on cannot reach the anomaly', () => {
    fc.assert(
      fc.property(lineArb, fc.integer({ min: 0, max: ANOMALY.horsForfait24hCentimes - 1 }), (line, recentDays) => {
        expect(mayReach24h(recentDays)).toBe(false);
        // The 24 hours hold at most what their days hold.
        const within = { ...line, horsForfait24hCentimes: Math.min(line.horsForfait24hCentimes, recentDays) };
        expect(crossings({ ...within, horsForfait24hCentimes: 0 })).toEqual(crossings(within));
      }),
    );
    expect(mayReach24h(ANOMALY.horsForfait24hCentimes)).toBe(true);
  });
});

describe('median', () => {
  it('has as many values at or below it as at or above it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 * GIB }), { minLength: 1, maxLength: 31 }), (values) => {
        const middle = median(values);
        expect(values.filter((value) => value <= middle).length).toBeGreaterThanOrEqual(values.length / 2);
        expect(values.filter((value) => value >= middle).length).toBeGreaterThanOrEqual(values.length / 2);
      }),
    );
    expect(median([])).toBe(0);
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });
});

describe('effectiveThresholds', () => {
  it('takes the line’s own, else the account’s, else the portal’s', () => {
    const own = { ...DEFAULT_STORED_THRESHOLDS, dataPourcentages: [50] };
    const account = { ...DEFAULT_STORED_THRESHOLDS, dataPourcentages: [90] };
    expect(effectiveThresholds(own, account)).toEqual({ thresholds: own, origine: 'LIGNE' });
    expect(effectiveThresholds(null, account)).toEqual({ thresholds: account, origine: 'COMPTE' });
    expect(effectiveThresholds(null, null)).toEqual({ thresholds: DEFAULT_STORED_THRESHOLDS, origine: 'DEFAUT' });
  });
});

describe('mergeEvaluations', () => {
  it('evaluates each line once, from the earliest day any waiting batch named', () => {
    expect(
      mergeEvaluations([
        { lignes: [3, 1], depuis: '2026-11-29' },
        { lignes: [2, 3], depuis: '2026-11-28' },
      ]),
    ).toEqual({ lignes: [1, 2, 3], depuis: '2026-11-28' });
  });
});
