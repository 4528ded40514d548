import { describe, expect, it } from 'vitest';
import { clientSearchFormSchema, compositeUsername, isValidMotif, parseCompositeUsername } from './agents.ts';

describe('composite login identifier', () => {
  it('round-trips the Régate code and the e-mail, the first marker ending the code', () => {
    const username = compositeUsername(' bdp001 ', 'a|b@client.example');
    expect(username).toBe('CODE_REGATE :BDP001|a|b@client.example');
    expect(parseCompositeUsername(username)).toEqual({ codeRegate: 'BDP001', email: 'a|b@client.example' });
  });

  it.each(['client@demo.test', 'CODE_REGATE :BDP001client@demo.test', 'CODE_REGATE :|client@demo.test', 'CODE_REGATE :BDP0011|x@y.fr', 'CODE_REGATE :BDP001|'])(
    'is not %s',
    (username) => expect(parseCompositeUsername(username)).toBeNull(),
  );
});

describe('reason to connect', () => {
  it.each([
    ['SUP-2026-000042', true],
    ['Appel du client', true],
    ['  court  ', false],
    ['SUP-26-42', false],
    ['x'.repeat(501), false],
  ])('%s → %s', (motif, valid) => expect(isValidMotif(motif)).toBe(valid));
});

describe('client search form (spec §5)', () => {
  const motif = 'SUP-2026-000001';
  const messages = (values: { emailClient: string; numeroCompte?: string }) => {
    const result = clientSearchFormSchema.safeParse({ ...values, motif });
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('asks for an e-mail when nothing is given, checks the one given, else the account number', () => {
    expect(messages({ emailClient: '', numeroCompte: '' })).toEqual(['emailClient: Adresse e-mail invalide']);
    expect(messages({ emailClient: 'pas-une-adresse' })).toEqual(['emailClient: Adresse e-mail invalide']);
    expect(messages({ emailClient: '', numeroCompte: '0.12' })).toEqual(['numeroCompte: Numéro compte de facturation invalide']);
    expect(messages({ emailClient: '', numeroCompte: '1.23.456' })).toEqual([]);
    expect(messages({ emailClient: 'client@demo.test', numeroCompte: 'ignoré' })).toEqual([]);
  });
});
