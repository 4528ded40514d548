import { describe, expect, it } from 'vitest';
import { planPhrase } from './offers.ts';

describe('planPhrase', () => {
  it('names a plan whose label says « Forfait » by its label alone', () => {
    expect(planPhrase('Forfait Pro 50 Go')).toBe('Forfait Pro 50 Go');
    expect(planPhrase(' forfait Voix Pro 2 h ')).toBe('forfait Voix Pro 2 h');
  });

  it('puts the word before any other label', () => {
    expect(planPhrase('Box Pro Fibre')).toBe('forfait Box Pro Fibre');
    expect(planPhrase('Forfaiture')).toBe('forfait Forfaiture');
  });
});
