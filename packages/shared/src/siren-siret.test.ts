import { describe, expect, it } from 'vitest';
import { formatSirenSiret } from './siren-siret.ts';

describe('formatSirenSiret', () => {
  it('groups a SIRET as SIREN in threes then the establishment number', () => {
    expect(formatSirenSiret('12345678900012')).toBe('123 456 789 00012');
  });

  it('groups a SIREN in threes', () => {
    expect(formatSirenSiret('542107651')).toBe('542 107 651');
  });

  it('accepts an identifier already spaced or dotted', () => {
    expect(formatSirenSiret(' 123 456 789 00012 ')).toBe('123 456 789 00012');
    expect(formatSirenSiret('123.456.789')).toBe('123 456 789');
  });

  it('leaves anything else as given', () => {
    expect(formatSirenSiret('1234')).toBe('1234');
    expect(formatSirenSiret('12345678A00012')).toBe('12345678A00012');
    expect(formatSirenSiret(null)).toBe('');
  });
});
