import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientHashSalt, hashConfidentialCode, loginFormSchema } from './auth.ts';

describe('hashConfidentialCode', () => {
  it('matches a fixed test vector', async () => {
    // salt: 'gestionnaire@demo.test' → 'gestionn' → reversed 'nnoitseg'
    expect(await hashConfidentialCode('gestionnaire@demo.test', 'Demo-Gestion-2026!')).toBe(
      'r6cDBHJmkE5m0E1hAjXZc+U2L6dqbn2v',
    );
  });

  it('equals PBKDF2-HMAC-SHA256, 10000 iterations, 24 bytes, over the trimmed code', async () => {
    const expected = pbkdf2Sync('Code secret 1!', 'nitram.c', 10_000, 24, 'sha256').toString('base64');
    expect(await hashConfidentialCode('  C.Martins@Exemple.fr ', '  Code secret 1!  ')).toBe(expected);
  });

  it('salts with the first 8 characters of the lower-cased identifier, reversed', () => {
    expect(clientHashSalt(' ABCDEFGHIJ@x.fr')).toBe('hgfedcba');
    expect(clientHashSalt('ab@c.fr')).toBe('rf.c@ba');
  });
});

describe('loginFormSchema', () => {
  it('needs an e-mail identifier and a 4 to 100 character code', () => {
    expect(loginFormSchema.safeParse({ username: 'a@b.fr', password: '1234' }).success).toBe(true);
    expect(loginFormSchema.safeParse({ username: 'a@b.fr', password: '123' }).success).toBe(false);
    expect(loginFormSchema.safeParse({ username: 'ab.fr', password: '12345' }).success).toBe(false);
    expect(loginFormSchema.safeParse({ username: 'a@b.fr', password: 'x'.repeat(101) }).success).toBe(false);
  });
});
