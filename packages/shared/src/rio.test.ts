import { describe, expect, it } from 'vitest';
import { buildRio, formatRio, isValidRio, rioKey, rioReference } from './rio.ts';

/*
 * Vectors computed apart from this code, by an independent implementation of the published key
 * rule (positions in 0-9A-Z+, weights 1, 2 and 4 modulo 37 over OO Q RRRRRR and the number).
 */
const VECTORS = [
  { rio: '01P123456+95', numero: '0611223344' },
  { rio: '02E00AB129W5', numero: '0712345678' },
  { rio: 'T1E002ZM5N8Z', numero: '0611223344' },
  { rio: '04P7Q2K1BSGB', numero: '0756781234' },
  { rio: '03E000001O2A', numero: '0600000000' },
];

describe('RIO key', () => {
  it('matches the fixed vectors', () => {
    for (const { rio, numero } of VECTORS) {
      expect(rioKey(rio.slice(0, 9), numero), rio).toBe(rio.slice(9));
      expect(isValidRio(rio, numero), rio).toBe(true);
    }
  });

  it('catches a miscopied character of the RIO or of the number', () => {
    expect(isValidRio('01P123457+95', '0611223344')).toBe(false);
    expect(isValidRio('01P123456+95', '0611223345')).toBe(false);
    expect(isValidRio('01P124356+95', '0611223344')).toBe(false);
    expect(isValidRio('01X123456+95', '0611223344')).toBe(false);
    expect(isValidRio('01P123456+9', '0611223344')).toBe(false);
  });

  it('reads a RIO typed with spaces or in lower case', () => {
    expect(isValidRio('01 p 123456 +95', '0611223344')).toBe(true);
    expect(formatRio('01P123456+95')).toBe('01 P 123456 +95');
  });

  it('builds a business RIO from a stable contract reference', () => {
    expect(rioReference(5_000_001)).toBe('02Z60X');
    expect(rioReference(2_147_483_647)).toHaveLength(6);
    const rio = buildRio({ operateur: 'T1', qualite: 'E', reference: rioReference(5_000_001), numero: '0611223344' });
    expect(rio).toMatch(/^T1E02Z60X[0-9A-Z+]{3}$/);
    expect(isValidRio(rio, '0611223344')).toBe(true);
    expect(() => rioKey('T1E02Z60X', '+33611223344')).toThrow(RangeError);
  });
});
