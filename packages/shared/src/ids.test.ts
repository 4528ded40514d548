import { describe, expect, it } from 'vitest';
import { idSchema } from './ids.ts';

describe('idSchema', () => {
  const schema = idSchema('La ligne');

  it('takes a number, or text of digits as a path or a query gives it', () => {
    expect(schema.parse(12)).toBe(12);
    expect(schema.parse('12')).toBe(12);
    expect(schema.parse(' 7 ')).toBe(7);
  });

  it('refuses what a JSON body could turn into a number (a boolean, a one-element list, null) with a French message', () => {
    for (const value of [true, false, [5], null, {}, '1e3', '', 'abc', '0x10']) {
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Un identifiant numérique est attendu.');
    }
  });

  it('refuses a fraction, zero, a negative id and one above the largest', () => {
    for (const value of [1.5, 0, -1, '0', 2 ** 31]) expect(schema.safeParse(value).success, String(value)).toBe(false);
  });
});
