import { describe, expect, it } from 'vitest';
import { countOf, pluralWord } from './french-plural.ts';

describe('French plurals', () => {
  it('keeps words ending in s, x or z as they are, and the singular for 0 and 1', () => {
    expect(countOf(1, 'mois')).toBe('1\u00a0mois');
    expect(countOf(12, 'mois')).toBe('12\u00a0mois');
    expect(countOf(8, 'mensualité')).toBe('8\u00a0mensualités');
    expect(countOf(1, 'mensualité')).toBe('1\u00a0mensualité');
    expect(countOf(0, 'mensualité')).toBe('0\u00a0mensualité');
    expect(pluralWord(3, 'rendez-vous')).toBe('rendez-vous');
    expect(pluralWord(2, 'journal', 'journaux')).toBe('journaux');
  });
});
