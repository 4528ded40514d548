import { describe, expect, it } from 'vitest';
import { resiliationPath } from './landing-path.ts';

describe('resilie at login (spec §4)', () => {
  it('leads to the termination page of the contract it names, and nowhere for anything else', () => {
    expect(resiliationPath('901')).toBe('/ligne-mobile/901/resiliation');
    for (const value of [null, '', '0', '012', '9'.repeat(11), '2147483648', '/pages/accueil', '1/../x', 'abc']) {
      expect(resiliationPath(value), String(value)).toBeNull();
    }
  });
});
