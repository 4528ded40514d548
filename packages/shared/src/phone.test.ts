import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.ts';

describe('formatPhone', () => {
  it('shows French numbers in national format', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('+33712345678')).toBe('07 12 34 56 78');
    expect(formatPhone('0033 1 23 45 67 89')).toBe('01 23 45 67 89');
    expect(formatPhone('+33 (0)6 12 34 56 78')).toBe('06 12 34 56 78');
    expect(formatPhone('06.12.34.56.78')).toBe('06 12 34 56 78');
    expect(formatPhone('612345678')).toBe('06 12 34 56 78');
  });

  it('shows overseas departments’ numbers with their area after the 0', () => {
    expect(formatPhone('+262692123456')).toBe('06 92 12 34 56');
    expect(formatPhone('+590 590 12 34 56')).toBe('05 90 12 34 56');
  });

  it('keeps foreign and unparsable numbers as typed', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('06123')).toBe('06123');
    expect(formatPhone('+3361234567890')).toBe('+3361234567890');
    expect(formatPhone('abc')).toBe('abc');
  });

  it("shows '???' when empty", () => {
    expect(formatPhone('')).toBe('???');
    expect(formatPhone(null)).toBe('???');
    expect(formatPhone('   ')).toBe('???');
  });
});
