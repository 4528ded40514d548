import { describe, expect, it } from 'vitest';
import {
  commitmentEndAfter,
  committedOn,
  monthlyDifference,
  nextBillingPeriodStart,
  tariffChangeActionCode,
  tariffChangeActionName,
  tariffChangeDirection,
  tariffChangeRequestSchema,
  timingRefusal,
} from './tariff-change.ts';

describe('tariff change rules (decision 037)', () => {
  it('starts the next billing period on the 1st of next month, across years', () => {
    expect(nextBillingPeriodStart('2026-11-22')).toBe('2026-12-01');
    expect(nextBillingPeriodStart('2026-12-31')).toBe('2027-01-01');
    expect(nextBillingPeriodStart('2027-01-31')).toBe('2027-02-01');
    expect(nextBillingPeriodStart('2026-11-01')).toBe('2026-12-01');
  });

  it('lets an upgrade apply today (not through an agent), a downgrade or same price at the next period only', () => {
    expect(tariffChangeDirection(2499, 3499)).toBe('HAUSSE');
    expect(tariffChangeDirection(2499, 2499)).toBe('BAISSE');
    expect(tariffChangeDirection(2499, 799)).toBe('BAISSE');
    expect(timingRefusal('IMMEDIAT', 'HAUSSE', false)).toBeNull();
    expect(timingRefusal('IMMEDIAT', 'HAUSSE', true)).toBe('SERVICE_CLIENT_PROCHAINE_FACTURATION');
    expect(timingRefusal('IMMEDIAT', 'BAISSE', false)).toBe('BAISSE_PROCHAINE_FACTURATION');
    expect(timingRefusal('PROCHAINE_FACTURATION', 'BAISSE', true)).toBeNull();
  });

  it('keeps the commitment with DR14 applied, restarts it (never shorter) with DR14 renounced', () => {
    expect(commitmentEndAfter('Application_de_DR14', '2027-03-15', '2026-12-01', 24)).toBe('2027-03-15');
    expect(commitmentEndAfter('Application_de_DR14', null, '2026-12-01', 24)).toBeNull();
    expect(commitmentEndAfter('Renonciation_de_DR14', '2027-03-15', '2026-12-01', 24)).toBe('2028-12-01');
    expect(commitmentEndAfter('Renonciation_de_DR14', '2029-01-01', '2026-12-01', 12)).toBe('2029-01-01');
    expect(commitmentEndAfter('Renonciation_de_DR14', null, '2026-12-01', 0)).toBeNull();
    expect(commitmentEndAfter('Renonciation_de_DR14', '2027-03-15', '2026-12-01', 0)).toBe('2027-03-15');
    expect(committedOn('2027-03-15', '2026-12-01')).toBe(true);
    expect(committedOn('2026-12-01', '2026-12-01')).toBe(false);
    expect(committedOn(null, '2026-12-01')).toBe(false);
  });

  it('gives the monthly difference HT and TTC to the cent, and the action codes of the spec', () => {
    expect(monthlyDifference(2499, 3499)).toEqual({ differenceHtCentimes: 1000, differenceTtcCentimes: 1200 });
    expect(monthlyDifference(3499, 799)).toEqual({ differenceHtCentimes: -2700, differenceTtcCentimes: 959 - 4199 });
    expect(tariffChangeActionCode('Application_de_DR14')).toBe(1);
    expect(tariffChangeActionCode('Renonciation_de_DR14')).toBe(2);
    expect(tariffChangeActionName(2)).toBe('Renonciation_de_DR14');
  });

  it('refuses malformed requests', () => {
    const valid = { idContrat: 1, idOffreCible: 102, effet: 'IMMEDIAT', action: 'Application_de_DR14' };
    expect(tariffChangeRequestSchema.safeParse(valid).success).toBe(true);
    for (const bad of [{ ...valid, idContrat: 2 ** 31 }, { ...valid, effet: 'HIER' }, { ...valid, action: 1 }, { ...valid, autre: true }, { ...valid, idOffreCible: '102' }]) {
      expect(tariffChangeRequestSchema.safeParse(bad).success).toBe(false);
    }
  });
});
