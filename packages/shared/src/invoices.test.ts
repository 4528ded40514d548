import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  euros,
  invoiceComplaintSchema,
  invoiceDueDate,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceParamSchema,
  invoiceReference,
  invoiceStatus,
  invoiceTotals,
  vatCentimes,
} from './invoices.ts';

/** An amount of one charge, in cents: discounts are negative. */
const charge = fc.integer({ min: -50_000, max: 2_000_000 });
/** The charges of an invoice, grouped per line (and the account's own). */
const grouped = fc.array(fc.array(charge, { maxLength: 12 }), { minLength: 1, maxLength: 40 });
const rate = fc.constantFrom(2_000, 1_000, 550, 210, 0);

describe('invoice totals', () => {
  it('add up to the cent: the groups’ amounts to the invoice’s, excluding VAT, VAT and including VAT', () => {
    fc.assert(
      fc.property(grouped, rate, (groups, rateBp) => {
        const totals = invoiceTotals(groups, rateBp);
        const every = groups.flat();
        expect(totals.htCentimes).toBe(every.reduce((sum, item) => sum + item, 0));
        expect(totals.groups.reduce((sum, group) => sum + group.htCentimes, 0)).toBe(totals.htCentimes);
        expect(totals.groups.reduce((sum, group) => sum + group.tvaCentimes, 0)).toBe(totals.tvaCentimes);
        expect(totals.groups.reduce((sum, group) => sum + group.ttcCentimes, 0)).toBe(totals.ttcCentimes);
        expect(totals.ttcCentimes).toBe(totals.htCentimes + totals.tvaCentimes);
        for (const group of totals.groups) {
          expect(Number.isInteger(group.tvaCentimes)).toBe(true);
          expect(group.ttcCentimes).toBe(group.htCentimes + group.tvaCentimes);
        }
      }),
    );
  });

  it('charge the VAT on the whole invoice, rounded to the nearest cent, and give each group its share within a cent', () => {
    fc.assert(
      fc.property(grouped, rate, (groups, rateBp) => {
        const totals = invoiceTotals(groups, rateBp);
        const exact = (totals.htCentimes * rateBp) / 10_000;
        expect(Math.abs(totals.tvaCentimes - exact)).toBeLessThanOrEqual(0.5);
        totals.groups.forEach((group) => expect(Math.abs(group.tvaCentimes - (group.htCentimes * rateBp) / 10_000)).toBeLessThan(1));
      }),
    );
  });

  it('rounds half a cent away from zero', () => {
    expect(vatCentimes(1_499)).toBe(300); // 299.8
    expect(vatCentimes(2)).toBe(0); // 0.4
    expect(vatCentimes(3)).toBe(1); // 0.6
    expect(vatCentimes(1_000_002, 1_000)).toBe(100_000); // 100 000.2
    expect(vatCentimes(25, 2_000)).toBe(5);
    expect(vatCentimes(5, 1_000)).toBe(1); // 0.5
    expect(vatCentimes(-5, 1_000)).toBe(-1);
    expect(vatCentimes(-1)).toBe(0); // -0.2, never the -0 a document would print « -0,00 € »
    expect(invoiceTotals([[-1]]).groups[0]?.tvaCentimes).toBe(0);
    expect(invoiceTotals([[1_499], [2_499], [799]]).tvaCentimes).toBe(959); // 20 % of 47.97 €
  });

  it('answer euros that give the cents back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const value = euros(cents);
        expect(Math.round(value * 100)).toBe(cents);
        // Two decimals at most once written out, as JSON writes them.
        expect(String(value)).toMatch(/^-?\d+(\.\d{1,2})?$/);
      }),
    );
  });
});

describe('invoiceStatus', () => {
  const due = '2026-03-31';
  it('is paid once nothing is left, whatever the date', () => {
    expect(invoiceStatus({ resteAPayerCentimes: 0, dateEcheance: due, prelevement: false }, '2027-01-01')).toBe('PAYEE');
    expect(invoiceStatus({ resteAPayerCentimes: 0, dateEcheance: due, prelevement: true }, '2026-03-01')).toBe('PAYEE');
  });
  it('waits for its direct debit until the due date included, then is late', () => {
    expect(invoiceStatus({ resteAPayerCentimes: 100, dateEcheance: due, prelevement: true }, '2026-03-31')).toBe('PRELEVEMENT_A_VENIR');
    expect(invoiceStatus({ resteAPayerCentimes: 100, dateEcheance: due, prelevement: true }, '2026-04-01')).toBe('EN_RETARD');
  });
  it('is to pay until the due date included, then late', () => {
    expect(invoiceStatus({ resteAPayerCentimes: 100, dateEcheance: due, prelevement: false }, '2026-03-31')).toBe('A_PAYER');
    expect(invoiceStatus({ resteAPayerCentimes: 100, dateEcheance: due, prelevement: false }, '2026-04-01')).toBe('EN_RETARD');
  });
});

describe('invoice rules and requests', () => {
  it('gives each account one reference per month and a due date 30 days after the invoice', () => {
    expect(invoiceReference(1_000_001, '2026-03-01')).toBe('F26031000001');
    expect(invoiceDueDate('2026-03-01')).toBe('2026-03-31');
    expect(invoiceDueDate('2026-02-01')).toBe('2026-03-03');
    expect(invoiceDueDate('2024-12-01')).toBe('2024-12-31');
  });

  it('refuses years out of range, NUL characters and sizes beyond the limits', () => {
    expect(invoiceListQuerySchema.safeParse({ annee: '1999' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ annee: '2101' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ annee: '2026\u0000' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ annee: '1e308' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ taille: '51' }).success).toBe(false);
    expect(invoiceListQuerySchema.parse({})).toEqual({ page: 1, taille: 12, tri: 'dateFacture', ordre: 'desc' });
    expect(invoiceParamSchema.safeParse({ idClientBscs: '1000001', referenceNumber: 'F2603%00' }).success).toBe(false);
    expect(invoiceParamSchema.safeParse({ idClientBscs: '99999999999', referenceNumber: 'F26031000001' }).success).toBe(false);
  });

  it('checks an export period: real days, in order, three years at most', () => {
    expect(invoiceExportQuerySchema.safeParse({ du: '2026-02-30' }).success).toBe(false);
    expect(invoiceExportQuerySchema.safeParse({ du: '2026-03-01', au: '2026-02-01' }).success).toBe(false);
    expect(invoiceExportQuerySchema.safeParse({ du: '2020-01-01', au: '2026-01-01' }).success).toBe(false);
    expect(invoiceExportQuerySchema.parse({ du: '2025-01-01', au: '2025-12-31', format: 'xlsx' })).toEqual({ du: '2025-01-01', au: '2025-12-31', format: 'xlsx' });
  });

  it('takes a complaint with a motif of the list and a message', () => {
    expect(invoiceComplaintSchema.safeParse({ motif: 'AUTRE', message: 'Montant incompréhensible', lignes: [5_000_001] }).success).toBe(true);
    expect(invoiceComplaintSchema.safeParse({ motif: 'INCONNU', message: 'x' }).success).toBe(false);
    expect(invoiceComplaintSchema.safeParse({ motif: 'AUTRE', message: '   ' }).success).toBe(false);
    expect(invoiceComplaintSchema.safeParse({ motif: 'AUTRE', message: 'a\u0000b' }).success).toBe(false);
    expect(invoiceComplaintSchema.safeParse({ motif: 'AUTRE', message: 'x', lignes: [0] }).success).toBe(false);
  });
});
