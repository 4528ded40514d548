import { describe, expect, it } from 'vitest';
import {
  BANK_DETAILS_MESSAGES as M,
  bankDetailsChangeSchema,
  bicMatchesIban,
  bicProblem,
  formatIban,
  ibanProblem,
  isValidCreditorIdentifier,
  mandateReference,
  maskIban,
  MASKED_IBAN,
  RUM_MAX_LENGTH,
} from './bank-details.ts';

/** A French IBAN of a fictional bank (99901), its RIB key and check digits right. */
const IBAN = 'FR7699901000120001234560167';

const issuesOf = (body: unknown) => {
  const result = bankDetailsChangeSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('IBAN', () => {
  it('accepts a valid IBAN typed with spaces, in lower case, or pasted with no-break spaces', () => {
    const body = { titulaire: 'Boulangerie Lemoine', bic: 'demofrpp' };
    for (const iban of [IBAN, 'fr76 9990 1000 1200 0123 4560 167', 'FR76\u00a09990\u202f1000 1200 0123 4560 167', `  ${IBAN}\t`]) {
      const parsed = bankDetailsChangeSchema.parse({ ...body, iban });
      expect(parsed.iban).toBe(IBAN);
      expect(parsed.bic).toBe('DEMOFRPP');
    }
  });

  it('names the first problem a person can fix: format, country, SEPA area, length, national format, keys', () => {
    expect(ibanProblem('')).toBe(M.ibanRequired);
    expect(ibanProblem('FR76-9990')).toBe(M.ibanFormat);
    // Digits of other scripts are not digits of an IBAN.
    expect(ibanProblem('FR７６99901000120001234560167')).toBe(M.ibanFormat);
    expect(ibanProblem('FR76٩9901000120001234560167')).toBe(M.ibanFormat);
    expect(ibanProblem('XX7699901000120001234560167')).toBe(M.ibanCountry('XX'));
    expect(ibanProblem('BR1800360305000010009795493C1')).toBe(M.ibanNotSepa('BR'));
    expect(ibanProblem(IBAN.slice(0, -2))).toBe(M.ibanLength({ country: 'FR', expected: 27, given: 25 }));
    expect(ibanProblem('FR76')).toBe(M.ibanLength({ country: 'FR', expected: 27, given: 4 }));
    expect(ibanProblem('FR')).toBe(M.ibanFormat);
    expect(ibanProblem('FR76999010001200012345601AB')).toBe(M.ibanNationalFormat('FR'));
    // One digit changed: the IBAN's check digits no longer match.
    expect(ibanProblem('FR7699901000120001234560168')).toBe(M.ibanChecksum);
    expect(ibanProblem('FR7699901000120001234560167'.replace('76', '75'))).toBe(M.ibanChecksum);
    expect(ibanProblem(IBAN)).toBeNull();
    expect(ibanProblem('DE89370400440532013000')).toBeNull();
    expect(ibanProblem(`FR76${'9'.repeat(40)}`)).toBe(M.ibanLong);
  });

  it('shows an IBAN in groups of four, and masks all but its last four characters', () => {
    expect(formatIban('fr7699901000120001234560167')).toBe('FR76 9990 1000 1200 0123 4560 167');
    expect(maskIban(IBAN)).toBe(`${'*'.repeat(23)}0167`);
    expect(maskIban(IBAN)).toMatch(MASKED_IBAN);
    expect(maskIban(IBAN)).not.toContain('FR');
  });
});

describe('BIC', () => {
  it('takes 8 or 11 characters with a known country', () => {
    expect(bicProblem('')).toBe(M.bicRequired);
    expect(bicProblem('DEMOFRPP')).toBeNull();
    expect(bicProblem('DEMOFRPPXXX')).toBeNull();
    expect(bicProblem('DEMOFRP')).toBe(M.bicFormat);
    expect(bicProblem('DEMOFRPPXX')).toBe(M.bicFormat);
    expect(bicProblem('D3MOFRPP')).toBe(M.bicFormat);
    expect(bicProblem('DEMOQQPP')).toBe(M.bicCountry('QQ'));
  });

  it('goes with an IBAN of its country, French territories and Crown Dependencies included', () => {
    expect(bicMatchesIban('DEMOFRPP', IBAN)).toBe(true);
    expect(bicMatchesIban('DEMORERX', IBAN)).toBe(true);
    expect(bicMatchesIban('DEMODEFF', IBAN)).toBe(false);
    expect(bicMatchesIban('DEMOJESH', 'GB29NWBK60161331926819')).toBe(true);
    expect(issuesOf({ titulaire: 'Atelier Vincent', iban: IBAN, bic: 'DEMODEFF' })).toEqual([
      { path: 'bic', message: M.bicMismatch({ bicCountry: 'DE', ibanCountry: 'FR' }) },
    ]);
  });
});

describe('the change of bank details', () => {
  it('reports every field at once, the BIC against the IBAN even when the holder is wrong', () => {
    expect(issuesOf({ titulaire: '', iban: IBAN, bic: 'DEMODEFF' })).toEqual([
      { path: 'titulaire', message: M.holderRequired },
      { path: 'bic', message: M.bicMismatch({ bicCountry: 'DE', ibanCountry: 'FR' }) },
    ]);
    expect(issuesOf({ titulaire: 'A', iban: 'FR00', bic: 'X' }).map((issue) => issue.path)).toEqual(['titulaire', 'iban', 'bic']);
  });

  it('takes a holder of 2 to 70 characters of names, spaces collapsed', () => {
    const body = { iban: IBAN, bic: 'DEMOFRPP' };
    expect(bankDetailsChangeSchema.parse({ ...body, titulaire: '  SARL  Dupont &   Fils ' }).titulaire).toBe('SARL Dupont & Fils');
    expect(bankDetailsChangeSchema.parse({ ...body, titulaire: 'Atelier Vincent Design – SASU'.replace('–', '-') }).titulaire).toBe(
      'Atelier Vincent Design - SASU',
    );
    expect(issuesOf({ ...body, titulaire: 'É'.repeat(71) })).toEqual([{ path: 'titulaire', message: M.holderLong }]);
    expect(issuesOf({ ...body, titulaire: '<script>' })).toEqual([{ path: 'titulaire', message: M.holderCharacters }]);
    expect(issuesOf({ ...body, titulaire: 'x'.repeat(10_000) })).toEqual([{ path: 'titulaire', message: M.holderLong }]);
  });

  it('keeps the payment mode optional, one of the three', () => {
    const body = { titulaire: 'Boulangerie Lemoine', iban: IBAN, bic: 'DEMOFRPP' };
    expect(bankDetailsChangeSchema.parse(body).modePaiement).toBeUndefined();
    expect(bankDetailsChangeSchema.parse({ ...body, modePaiement: 'PRELEVEMENT' }).modePaiement).toBe('PRELEVEMENT');
    expect(issuesOf({ ...body, modePaiement: 'CHEQUE' }).map((issue) => issue.path)).toEqual(['modePaiement']);
  });

  it('refuses what is not an object without failing', () => {
    expect(bankDetailsChangeSchema.safeParse(null).success).toBe(false);
    expect(bankDetailsChangeSchema.safeParse('FR76').success).toBe(false);
    expect(bankDetailsChangeSchema.safeParse({ titulaire: 1, iban: [], bic: {} }).success).toBe(false);
  });
});

describe('creditor identifier (ICS)', () => {
  it('checks its form and its check digits, the business code left out', () => {
    expect(isValidCreditorIdentifier('FR72ZZZ123456')).toBe(true);
    expect(isValidCreditorIdentifier('FR72ABC123456')).toBe(true);
    expect(isValidCreditorIdentifier('FR73ZZZ123456')).toBe(false);
    expect(isValidCreditorIdentifier('DE98ZZZ09999999999')).toBe(true);
    expect(isValidCreditorIdentifier('fr72zzz123456')).toBe(false);
    expect(isValidCreditorIdentifier('FR72ZZZ')).toBe(false);
  });
});

describe('unique mandate reference (RUM)', () => {
  it('is the account number, the day and the account’s mandate number, within 35 characters', () => {
    expect(mandateReference({ idClientBscs: 1_000_001, codeClientBscs: '3.1000001' }, '2026-01-15', 2)).toBe('3.1000001-20260115-002');
    expect(mandateReference({ idClientBscs: 1_000_001, codeClientBscs: '3.4567.1000001' }, '2026-01-15', 1234)).toBe('3.4567.1000001-20260115-1234');
    const long = mandateReference({ idClientBscs: 2_147_483_647, codeClientBscs: `9.${'1'.repeat(30)}` }, '2026-01-15', 1);
    expect(long).toBe('ID2147483647-20260115-001');
    expect(long.length).toBeLessThanOrEqual(RUM_MAX_LENGTH);
  });
});
