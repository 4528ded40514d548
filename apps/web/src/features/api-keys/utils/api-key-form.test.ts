import { API_KEYS_ERRORS } from '@ecare/shared/api-keys-errors';
import { describe, expect, it } from 'vitest';
import { defaultExpiry, expiryProblem, expiryRange } from './api-key-form.ts';

describe('the expiry of a new key', () => {
  it('is offered a year ahead less a day, 29 February included', () => {
    expect(defaultExpiry('2026-11-29')).toBe('2027-11-28');
    expect(defaultExpiry('2026-01-01')).toBe('2026-12-31');
    expect(defaultExpiry('2028-02-29')).toBe('2029-02-28');
  });

  it('runs from tomorrow to 366 days ahead', () => {
    expect(expiryRange('2026-11-29')).toEqual({ min: '2026-11-30', max: '2027-11-30' });
    expect(expiryProblem('2026-11-30', '2026-11-29')).toBeNull();
    expect(expiryProblem('2027-11-30', '2026-11-29')).toBeNull();
    expect(expiryProblem('2026-11-29', '2026-11-29')).toBe(API_KEYS_ERRORS.API_KEY_EXPIRY_INVALID.message);
    expect(expiryProblem('2027-12-01', '2026-11-29')).toBe(API_KEYS_ERRORS.API_KEY_EXPIRY_INVALID.message);
  });

  it('is asked for when left empty, and refused when not a day', () => {
    expect(expiryProblem('', '2026-11-29')).toBe('Indiquez la date d’expiration de la clé.');
    expect(expiryProblem('29/11/2027', '2026-11-29')).toBe('La date d’expiration doit être au format AAAA-MM-JJ.');
  });
});
