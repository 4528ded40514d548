import { describe, expect, it } from 'vitest';
import { addMonths, effectiveDateBounds, monthsRemaining, terminationFees } from './termination.ts';

describe('termination rules', () => {
  it('adds calendar months, on the last day of a shorter month', () => {
    expect(addMonths('2026-11-22', 3)).toBe('2027-02-22');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', -12)).toBe('2025-12-15');
  });

  it('bounds the effective date from tomorrow to 3 months ahead', () => {
    expect(effectiveDateBounds('2026-12-31')).toEqual({ min: '2027-01-01', max: '2027-03-31' });
  });

  it('counts a month begun as a whole one, and nothing once the commitment is over', () => {
    expect(monthsRemaining('2026-12-01', null)).toBe(0);
    expect(monthsRemaining('2026-12-01', '2026-12-01')).toBe(0);
    expect(monthsRemaining('2026-12-01', '2026-11-01')).toBe(0);
    expect(monthsRemaining('2026-12-01', '2026-12-02')).toBe(1);
    expect(monthsRemaining('2026-12-01', '2027-05-01')).toBe(5);
    expect(monthsRemaining('2026-12-01', '2027-05-02')).toBe(6);
    expect(monthsRemaining('2026-01-31', '2026-02-28')).toBe(1);
  });

  it('charges every month up to 12 then a quarter of the rest, VAT 20 %, and shows a waiver', () => {
    const fee = 2_999;
    expect(terminationFees({ moisRestants: 0, mensualiteHtCentimes: fee, exoneration: null })).toMatchObject({ lignes: [], totalHtCentimes: 0, totalTtcCentimes: 0 });
    expect(terminationFees({ moisRestants: 5, mensualiteHtCentimes: fee, exoneration: null })).toMatchObject({ totalHtCentimes: 14_995, totalTvaCentimes: 2_999, totalTtcCentimes: 17_994 });
    const twenty = terminationFees({ moisRestants: 20, mensualiteHtCentimes: fee, exoneration: null });
    expect(twenty.lignes.map((line) => line.montantHtCentimes)).toEqual([35_988, 5_998]);
    expect(twenty).toMatchObject({ totalHtCentimes: 41_986, totalTvaCentimes: 8_397, totalTtcCentimes: 50_383 });
    // A quarter of an odd amount rounds to the cent: 3 × 1 001 / 4 = 750,75.
    expect(terminationFees({ moisRestants: 15, mensualiteHtCentimes: 1_001, exoneration: null }).lignes[1]?.montantHtCentimes).toBe(751);
    const waived = terminationFees({ moisRestants: 20, mensualiteHtCentimes: fee, exoneration: 'Liquidation judiciaire, sur justificatif' });
    expect(waived).toMatchObject({ exonere: true, totalHtCentimes: 0, totalTvaCentimes: 0, totalTtcCentimes: 0 });
    expect(waived.lignes.at(-1)).toEqual({ type: 'EXONERATION', libelle: 'Exonération\u00a0: Liquidation judiciaire, sur justificatif', montantHtCentimes: -41_986 });
    expect(terminationFees({ moisRestants: 0, mensualiteHtCentimes: fee, exoneration: 'x' })).toMatchObject({ exonere: false, lignes: [] });
  });
});
