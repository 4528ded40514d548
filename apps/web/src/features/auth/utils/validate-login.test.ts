import { emailSchema, loginFormSchema } from '@ecare/shared/auth';
import { describe, expect, it } from 'vitest';
import { validateLoginForm } from './validate-login.ts';

describe('login form check', () => {
  it('flags empty fields', () => {
    expect(validateLoginForm({ username: '', password: '' })).toEqual({ username: true, password: true });
  });

  it('requires at least 4 characters of code and at most 100', () => {
    expect(validateLoginForm({ username: 'a@b.fr', password: 'abc' }).password).toBe(true);
    expect(validateLoginForm({ username: 'a@b.fr', password: 'abcd' }).password).toBe(false);
    expect(validateLoginForm({ username: 'a@b.fr', password: 'x'.repeat(101) }).password).toBe(true);
  });

  it.each([
    'claire.martin@demo.test',
    '  gestionnaire@demo.test ',
    "o'brien+pro@exemple.fr",
    'claire',
    'claire@',
    '@demo.test',
    'claire@demo',
    'claire martin@demo.test',
    'claire..martin@demo.test',
    '.claire@demo.test',
    'a@b.c',
  ])('agrees with the shared schema on %j', (username) => {
    const password = 'code-valide';
    const shared = loginFormSchema.safeParse({ username, password }).success;
    expect(validateLoginForm({ username, password }).username).toBe(!shared);
    expect(emailSchema.safeParse(username).success).toBe(shared);
  });
});
