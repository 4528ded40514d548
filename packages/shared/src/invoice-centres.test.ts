import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_CENTRE_LABEL, centreChanges, centreShares, invoiceCentresExportQuerySchema, monthsSpanned, type CentreCharge } from './invoice-centres.ts';
import { invoiceTotals } from './invoices-rules.ts';

/** An amount of one charge, in cents: discounts are negative. */
const amount = fc.integer({ min: -60_000, max: 2_000_000 });
/** A centre of the account (1 to 6), or none. */
const centre = fc.option(fc.integer({ min: 1, max: 6 }), { nil: null });

/**
 * An invoice: lines (each in a centre or none, each with its charges), then the account's own
 * charges (never in a centre).
 */
const invoice = fc
  .tuple(fc.array(fc.tuple(centre, fc.array(amount, { minLength: 1, maxLength: 8 })), { maxLength: 30 }), fc.array(amount, { maxLength: 4 }))
  .map(([lines, account]) => {
    const charges: CentreCharge[] = lines.flatMap(([idCentre, amounts], index) =>
      amounts.map((montantHtCentimes) => ({
        idContrat: 5_000_000 + index,
        idCentre,
        centreCode: idCentre === null ? null : `CC-${idCentre}`,
        centreLibelle: idCentre === null ? null : `Centre ${idCentre}`,
        montantHtCentimes,
      })),
    );
    for (const montantHtCentimes of account) charges.push({ idContrat: null, idCentre: null, centreCode: null, centreLibelle: null, montantHtCentimes });
    return charges;
  });

/** The invoice's totals as it was issued: its charges grouped per line, then the account's own. */
function issuedTotals(charges: readonly CentreCharge[], rateBp: number) {
  const groups = new Map<number | null, number[]>();
  for (const charge of charges) groups.set(charge.idContrat, [...(groups.get(charge.idContrat) ?? []), charge.montantHtCentimes]);
  return invoiceTotals([...groups.values()], rateBp);
}

describe('an invoice by cost centre', () => {
  it('adds up to the invoice’s HT, TVA and TTC to the cent, whatever the charges, discounts and centres', () => {
    fc.assert(
      fc.property(invoice, fc.constantFrom(2_000, 1_000, 550, 0), (charges, rateBp) => {
        const shares = centreShares(charges, rateBp);
        const issued = issuedTotals(charges, rateBp);
        const total = (key: 'htCentimes' | 'tvaCentimes' | 'ttcCentimes') => shares.reduce((sum, share) => sum + share[key], 0);
        expect(total('htCentimes')).toBe(issued.htCentimes);
        expect(total('tvaCentimes')).toBe(issued.tvaCentimes);
        expect(total('ttcCentimes')).toBe(issued.ttcCentimes);
        expect(shares.flatMap((share) => share.charges)).toHaveLength(charges.length);
        for (const share of shares) {
          expect(share.ttcCentimes).toBe(share.htCentimes + share.tvaCentimes);
          expect(share.htCentimes).toBe(share.charges.reduce((sum, charge) => sum + charge.montantHtCentimes, 0));
          // Each centre's VAT within a cent of its exact share.
          expect(Math.abs(share.tvaCentimes - (share.htCentimes * rateBp) / 10_000)).toBeLessThan(1);
          expect(share.charges.every((charge) => charge.idCentre === share.idCentre)).toBe(true);
        }
        const codes = shares.filter((share) => share.idCentre !== null).map((share) => share.code ?? '');
        expect(codes).toEqual([...codes].sort((a, b) => a.localeCompare(b, 'fr')));
        const none = shares.filter((share) => share.idCentre === null);
        expect(none.length).toBeLessThanOrEqual(1);
        if (none.length === 1) expect(shares.at(-1)).toMatchObject({ idCentre: null, code: null, libelle: NO_CENTRE_LABEL });
      }),
    );
  });

  it('compares two invoices centre by centre: the differences add up to the invoice’s', () => {
    fc.assert(
      fc.property(invoice, invoice, (before, after) => {
        const changes = centreChanges(before, after);
        const sum = (charges: readonly CentreCharge[]) => charges.reduce((total, charge) => total + charge.montantHtCentimes, 0);
        expect(changes.reduce((total, change) => total + Math.round(change.ecartHT * 100), 0)).toBe(sum(after) - sum(before));
        expect(changes.every((change) => change.ecartHT !== 0)).toBe(true);
        const sizes = changes.map((change) => Math.abs(change.ecartHT));
        expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      }),
    );
  });

  it('names a centre by the label the latest invoice recorded', () => {
    const charge = (centreLibelle: string, montantHtCentimes: number): CentreCharge => ({ idContrat: 1, idCentre: 7, centreCode: 'CC-7', centreLibelle, montantHtCentimes });
    expect(centreChanges([charge('Agence Nord', 1_000)], [charge('Agence Nord (Lille)', 1_500)])).toEqual([
      { idCentre: 7, code: 'CC-7', libelle: 'Agence Nord (Lille)', avantHT: 10, apresHT: 15, ecartHT: 5 },
    ]);
  });
});

describe('the export by centre', () => {
  it('takes a period of months, at most 36, in order', () => {
    expect(monthsSpanned('2024-01', '2026-12')).toBe(36);
    expect(invoiceCentresExportQuerySchema.safeParse({ du: '2024-01', au: '2026-12' }).success).toBe(true);
    expect(invoiceCentresExportQuerySchema.safeParse({}).data).toEqual({ format: 'csv' });
    for (const query of [{ du: '2024-01', au: '2027-01' }, { du: '2026-02', au: '2026-01' }, { du: '2026-00' }, { au: '2026-1' }, { format: 'pdf' }]) {
      expect(invoiceCentresExportQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
