import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.ts';

describe('formatPhone', () => {
  it('shows French numbers in national format', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('+33712345678')).toBe('07 12 34 56 78');
  });

  it("shows '???' when empty", () => {
    expect(formatPhone('')).toBe('???');
    expect(formatPhone(null)).toBe('???');
    expect(formatPhone('   ')).toBe('???');
  });
});
