import { describe, expect, it } from 'vitest';
import { mfaRequiredSchema, totpCodeSchema } from './security.ts';

describe('totpCodeSchema', () => {
  it('takes six digits, as an app shows them', () => {
    expect(totpCodeSchema.parse('123456')).toBe('123456');
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    for (const code of ['', '12345', '1234567', '12345a']) expect(totpCodeSchema.safeParse(code).success, code).toBe(false);
  });
});

describe('mfaRequiredSchema', () => {
  it('reads the 403 of a right code, keeping the methods it knows', () => {
    const challenge = mfaRequiredSchema.parse({
      error: 'mfa_required',
      error_description: 'Une vérification en deux étapes est nécessaire.',
      mfa_token: 'jeton',
      methodes: ['totp', 'secours', 'carte-a-puce'],
    });
    expect(challenge.methodes).toEqual(['totp', 'secours']);
    expect(mfaRequiredSchema.safeParse({ error: 'invalid_grant', error_description: 'Non', mfa_token: 'x', methodes: [] }).success).toBe(false);
  });
});
