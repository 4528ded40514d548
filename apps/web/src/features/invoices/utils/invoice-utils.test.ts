import { describe, expect, it } from 'vitest';
import { complaintFormSchema, complaintOf } from './complaint-form.ts';
import { creditNoteSettlement } from './credit-note-format.ts';
import { defaultExportPeriod, exportPeriodProblem } from './export-period.ts';
import { formatDifference, formatEuros } from './invoice-format.ts';
import { FIRST_INVOICE_PAGE, invoiceListParamsFrom, invoiceListSearch } from './invoice-list-params.ts';

describe('invoice list state in the address', () => {
  it('reads the year, page and sort, ignoring what is not valid', () => {
    expect(invoiceListParamsFrom(new URLSearchParams('annee=2025&page=2&tri=montantTTC&ordre=asc'))).toEqual({ annee: 2025, page: 2, tri: 'montantTTC', ordre: 'asc' });
    expect(invoiceListParamsFrom(new URLSearchParams('annee=1999&page=-3&tri=statut&ordre=up'))).toEqual(FIRST_INVOICE_PAGE);
    expect(invoiceListParamsFrom(new URLSearchParams('annee=2025x'))).toEqual(FIRST_INVOICE_PAGE);
  });

  it('writes only what differs from the first page', () => {
    expect(invoiceListSearch(FIRST_INVOICE_PAGE).toString()).toBe('');
    const params = { annee: 2026, page: 3, tri: 'resteAPayer', ordre: 'asc' } as const;
    expect(invoiceListSearch(params).toString()).toBe('annee=2026&page=3&tri=resteAPayer&ordre=asc');
    expect(invoiceListParamsFrom(invoiceListSearch(params))).toEqual(params);
  });
});

describe('export period', () => {
  it('offers the last twelve invoices: from the 1st of the month eleven months back to today in France', () => {
    expect(defaultExportPeriod(new Date('2026-11-22T10:00:00Z'))).toEqual({ du: '2025-12-01', au: '2026-11-22' });
    // Already the 1st of January in Paris.
    expect(defaultExportPeriod(new Date('2026-12-31T23:30:00Z'))).toEqual({ du: '2026-02-01', au: '2027-01-01' });
  });

  it('says what is wrong with a period', () => {
    expect(exportPeriodProblem({ du: '2026-01-01', au: '2026-06-30' })).toBeNull();
    expect(exportPeriodProblem({ du: '', au: '2026-06-30' })).toBe('Indiquez le premier et le dernier jour de la période.');
    expect(exportPeriodProblem({ du: '2026-07-01', au: '2026-06-30' })).toBe('La fin de la période doit suivre son début.');
    expect(exportPeriodProblem({ du: '2020-01-01', au: '2026-06-30' })).toBe('La période exportée ne peut dépasser trois ans.');
  });
});

describe('complaint form', () => {
  it('asks for a motif and a message, and sends the lines only when some are chosen', async () => {
    const refused = await complaintFormSchema.safeParseAsync({ motif: null, message: ' ', lignes: [] });
    expect(refused.success).toBe(false);
    const values = complaintFormSchema.parse({ motif: 'HORS_FORFAIT', message: 'Appels inconnus.', lignes: ['5000001', '5000002'] });
    expect(complaintOf(values)).toEqual({ motif: 'HORS_FORFAIT', message: 'Appels inconnus.', lignes: [5_000_001, 5_000_002] });
    expect(complaintOf({ ...values, lignes: [] })).toEqual({ motif: 'HORS_FORFAIT', message: 'Appels inconnus.' });
  });
});

describe('amounts', () => {
  it('are written the French way, differences with their sign', () => {
    expect(formatEuros(1234.56).replace(/\s/g, ' ')).toBe('1 234,56 €');
    expect(formatDifference(12.3).replace(/\s/g, ' ')).toBe('+12,30 €');
    expect(formatDifference(-5).replace(/\s/g, ' ')).toBe('\u22125,00 €');
    expect(formatDifference(0).replace(/\s/g, ' ')).toBe('0,00 €');
  });
});

describe('credit note settlement', () => {
  const spaced = (parts: string[]) => parts.map((part) => part.replace(/\s/g, ' '));
  it('says what was taken off the invoice and what was refunded, and how', () => {
    expect(spaced(creditNoteSettlement({ imputeSurFacture: 12, rembourse: 3, moyenRemboursement: 'VIREMENT' }))).toEqual([
      '12,00 € déduits de la facture',
      '3,00 € remboursés par virement',
    ]);
    expect(spaced(creditNoteSettlement({ imputeSurFacture: 0, rembourse: 1.5, moyenRemboursement: 'CARTE' }))).toEqual([
      '1,50 € remboursé sur la carte bancaire du paiement',
    ]);
    expect(spaced(creditNoteSettlement({ imputeSurFacture: 0.99, rembourse: 0, moyenRemboursement: null }))).toEqual(['0,99 € déduit de la facture']);
  });
});
