import { describe, expect, it } from 'vitest';
import { API_ERRORS, ERROR_CATALOGUE_PARTS, ERROR_CODES, errorMessage, isApiErrorCode } from './error-catalogue.ts';

describe('error catalogue', () => {
  it('gives every code an HTTP error status and a French message', () => {
    const codes = Object.keys(API_ERRORS);
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes) {
      const entry = API_ERRORS[code as keyof typeof API_ERRORS];
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(ERROR_CODES[code as keyof typeof ERROR_CODES]).toBe(code);
    }
  });

  it('holds each code of its parts once: no part redefines another part’s code', () => {
    const parts = Object.values(ERROR_CATALOGUE_PARTS).map((part) => Object.keys(part));
    expect(parts.length).toBeGreaterThan(1);
    const all = parts.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(API_ERRORS).sort()).toEqual([...all].sort());
  });

  it('fills the values a message shows', () => {
    expect(errorMessage('LOGIN_BACKOFF', { seconds: 30 })).toBe(
      'Trop de tentatives de connexion. Veuillez patienter 30\u00a0secondes avant de réessayer.',
    );
    expect(errorMessage('ACCOUNT_LOCKED', { minutes: 1 })).toContain('dans 1\u00a0minute ou');
    // A word ending in s is the same in the plural.
    expect(errorMessage('APPOINTMENT_UPCOMING_LIMIT', { max: 2 })).toContain('déjà 2\u00a0rendez-vous à venir');
    expect(errorMessage('FORBIDDEN_CONTRACT')).toBe("Désolé, vous n’êtes pas autorisé à accéder à ce contrat.");
  });

  it('recognises only its own codes', () => {
    expect(isApiErrorCode('XSRF')).toBe(true);
    expect(isApiErrorCode('toString')).toBe(false);
    expect(isApiErrorCode(42)).toBe(false);
  });
});
