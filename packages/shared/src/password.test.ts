import { describe, expect, it } from 'vitest';
import {
  SPECIAL_CHARACTERS,
  isRobustPassword,
  newPasswordProblem,
  passwordCriteria,
  passwordEntropy,
  passwordStrength,
} from './password.ts';
import { ERROR_CODES } from './error-catalogue.ts';

describe('password rules', () => {
  it('has a pool of 21 special characters including space, and none of the forbidden ones', () => {
    expect([...SPECIAL_CHARACTERS]).toHaveLength(21);
    expect(new Set(SPECIAL_CHARACTERS).size).toBe(21);
    expect(SPECIAL_CHARACTERS).toContain(' ');
    for (const c of `'"<>`) expect(SPECIAL_CHARACTERS).not.toContain(c);
  });

  it('reports each of the five criteria', () => {
    expect(passwordCriteria('')).toEqual({ length: false, lower: false, upper: false, special: false, digit: false });
    expect(passwordCriteria('abcdefgh')).toEqual({ length: true, lower: true, upper: false, special: false, digit: false });
    expect(passwordCriteria('Ab1 ')).toEqual({ length: false, lower: true, upper: true, special: true, digit: true });
  });

  it('computes entropy as length × log2(pool)', () => {
    expect(passwordEntropy('')).toBe(0);
    expect(passwordEntropy('abcd')).toBeCloseTo(4 * Math.log2(26));
    expect(passwordEntropy('aB3!')).toBeCloseTo(4 * Math.log2(83));
  });

  it('maps entropy to the strength bar thresholds 78 and 104', () => {
    expect(passwordStrength('')).toEqual({ percent: 0, level: 'empty' });
    expect(passwordStrength('Ab1!')).toEqual({ percent: 30, level: 'danger' });
    // 13 × log2(83) ≈ 82.9 > 78
    expect(passwordStrength('Abcdefgh1!xyz')).toEqual({ percent: 60, level: 'warning' });
    // 17 × log2(83) ≈ 108.4 > 104
    expect(passwordStrength('Abcdefgh1!xyzuvwt')).toEqual({ percent: 100, level: 'good' });
    // 12 × log2(83) ≈ 76.5: not above 78
    expect(passwordStrength('Abcdefgh1!xy').level).toBe('danger');
  });

  it('accepts 8 to 20 characters meeting all criteria, without forbidden characters', () => {
    expect(isRobustPassword('Soleil#2026')).toBe(true);
    expect(isRobustPassword('Sol#2026')).toBe(true);
    expect(isRobustPassword('Sol#202')).toBe(false);
    expect(isRobustPassword('Soleil#2026Soleil#202')).toBe(false);
    expect(isRobustPassword('soleil#2026')).toBe(false);
    expect(newPasswordProblem('Soleil<2026')).toBe(ERROR_CODES.PASSWORD_FORBIDDEN_CHARACTERS);
    expect(newPasswordProblem('soleil')).toBe(ERROR_CODES.PASSWORD_RULES);
    expect(newPasswordProblem('Soleil#2026')).toBeNull();
  });
});
