import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice, parisToday } from './line-format.ts';
import { contractIdFrom, linePath } from './line-path.ts';

const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('line formats', () => {
  it('shows calendar dates and points in time as the French day', () => {
    expect(formatDate('2026-03-15')).toBe('15/03/2026');
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(formatDate('2025-12-31T23:30:00.000Z')).toBe('01/01/2026');
    expect(formatDate('pas une date')).toBe('pas une date');
  });

  it('shows prices in euros the French way', () => {
    expect(spaces(formatPrice(24))).toBe('24,00 €');
    expect(spaces(formatPrice(1234.5))).toBe('1 234,50 €');
  });

  it('gives today’s date in France', () => {
    expect(parisToday(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });
});

describe('line page address', () => {
  it('is /ligne-mobile/{idContrat}, and only a contract id is read back from it', () => {
    expect(linePath(5012)).toBe('/ligne-mobile/5012');
    expect(contractIdFrom('5012')).toBe(5012);
    for (const value of [undefined, '', '0', '012', '-3', '12abc', '2147483648', '99999999999']) expect(contractIdFrom(value)).toBeNull();
  });
});
