import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatCentimes } from './invoices.ts';
import { addMonths, commitmentMonths, effectiveDateBounds, monthsRemaining, terminationFees } from './termination.ts';

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const euro = (cents: number) => money.format(cents / 100);

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

  it('charges in full the months left until the 12th month of the commitment, then a quarter of those after it, VAT 20 %, and shows a waiver', () => {
    const fee = 2_999;
    const fees = (moisRestants: number, dureeEngagementMois = 24, mensualiteHtCentimes = fee, exoneration: string | null = null) =>
      terminationFees({ moisRestants, dureeEngagementMois, mensualiteHtCentimes, exoneration });
    expect(fees(0)).toMatchObject({ lignes: [], totalHtCentimes: 0, totalTtcCentimes: 0, calcul: null });
    // Month 4 of 24 at 54,99 €: 8 months until the 12th in full, then a quarter of the 12 after it.
    const fourth = fees(20, 24, 5_499);
    expect(fourth.lignes.map((line) => line.montantHtCentimes)).toEqual([8 * 5_499, 3 * 5_499]);
    expect(fourth).toMatchObject({ totalHtCentimes: 60_489, totalTvaCentimes: 12_098, totalTtcCentimes: 72_587 });
    expect(fourth.calcul).toBe(`8\u00a0mensualités × ${euro(5_499)} + ¼ × 12\u00a0mensualités × ${euro(5_499)} = ${euro(60_489)} HT`);
    expect(fourth.lignes.map((line) => line.libelle)).toEqual([
      `Mensualités dues jusqu’au 12e mois de l’engagement\u00a0: 8\u00a0mensualités × ${euro(5_499)} HT`,
      `Quart des mensualités dues après le 12e mois de l’engagement\u00a0: ¼ × 12\u00a0mensualités × ${euro(5_499)} HT`,
    ]);
    // Past the 12th month, a quarter of what is left; a 12-month commitment, everything left in full.
    expect(fees(5)).toMatchObject({ totalHtCentimes: Math.round((5 * fee) / 4) });
    expect(fees(5, 12)).toMatchObject({ totalHtCentimes: 14_995, totalTvaCentimes: 2_999, totalTtcCentimes: 17_994 });
    expect(fees(1, 12).lignes[0]?.libelle).toContain('1\u00a0mensualité ×');
    // A quarter of an odd amount rounds to the cent: 3 × 1 001 / 4 = 750,75.
    expect(fees(3, 24, 1_001).lignes[0]?.montantHtCentimes).toBe(751);
    const waived = fees(20, 24, fee, 'Liquidation judiciaire, sur justificatif');
    expect(waived).toMatchObject({ exonere: true, totalHtCentimes: 0, totalTvaCentimes: 0, totalTtcCentimes: 0 });
    expect(waived.lignes.at(-1)).toEqual({ type: 'EXONERATION', libelle: 'Exonération\u00a0: Liquidation judiciaire, sur justificatif', montantHtCentimes: -(8 * fee + Math.round((12 * fee) / 4)) });
    expect(fees(0, 24, fee, 'x')).toMatchObject({ exonere: false, lignes: [] });
    for (const text of [...fourth.lignes.map((line) => line.libelle), fourth.calcul ?? '']) expect(text).not.toMatch(/moiss|Forfait Forfait/);
  });

  it('counts the plan’s commitment, or the longest sold when the plan has none or fewer months than are left', () => {
    expect(commitmentMonths(12, 7)).toBe(12);
    expect(commitmentMonths(24, 24)).toBe(24);
    expect(commitmentMonths(12, 20)).toBe(24);
    expect(commitmentMonths(0, 10)).toBe(24);
    expect(commitmentMonths(0, 30)).toBe(30);
  });

  it('bills every month of a 12- or 24-month commitment as the rule says, month by month, whatever the price', () => {
    fc.assert(
      fc.property(fc.constantFrom(12, 24), fc.integer({ min: 1, max: 30_000 }), (duree, price) => {
        for (let elapsed = 0; elapsed <= duree; elapsed++) {
          const moisRestants = duree - elapsed;
          const fees = terminationFees({ moisRestants, dureeEngagementMois: duree, mensualiteHtCentimes: price, exoneration: null });
          // Month by month: the commitment's months from elapsed + 1 to its end, in full up to the 12th.
          let full = 0;
          let quartered = 0;
          for (let month = elapsed + 1; month <= duree; month++) {
            if (month <= 12) full += 1;
            else quartered += 1;
          }
          const expected = full * price + Math.round((quartered * price) / 4);
          expect(fees.totalHtCentimes).toBe(expected);
          expect(fees.lignes.reduce((sum, line) => sum + line.montantHtCentimes, 0)).toBe(expected);
          expect(fees.totalTvaCentimes).toBe(vatCentimes(expected));
          expect(fees.totalTtcCentimes).toBe(expected + vatCentimes(expected));
          expect(fees.calcul ?? '').toContain(expected === 0 ? '' : `= ${euro(expected)} HT`);
          if (full > 0) expect(fees.calcul).toContain(`${full}\u00a0mensualité${full > 1 ? 's' : ''} × ${euro(price)}`);
          if (quartered > 0) expect(fees.calcul).toContain(`¼ × ${quartered}\u00a0mensualité${quartered > 1 ? 's' : ''} × ${euro(price)}`);
        }
      }),
      { numRuns: 50 },
    );
  });
});
