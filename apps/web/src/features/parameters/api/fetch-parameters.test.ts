import { PUBLIC_PARAMETER_NAMES, serverParametersSchema } from '@ecare/shared/parameters';
import { describe, expect, it } from 'vitest';
import { serverParametersParser } from './fetch-parameters.ts';

const valid = Object.fromEntries(PUBLIC_PARAMETER_NAMES.map((name) => [name, `valeur ${name}`]));

describe('server parameters check', () => {
  it('accepts what the shared schema accepts and returns the same object', async () => {
    const answer = { ...valid, extra: 'ignored' };
    expect(await serverParametersParser.parse(answer)).toEqual(serverParametersSchema.parse(answer));
  });

  it.each(PUBLIC_PARAMETER_NAMES)('refuses an answer whose %s is missing or not text, like the schema', (name) => {
    for (const value of [undefined, 1, null]) {
      const answer = { ...valid, [name]: value };
      expect(serverParametersSchema.safeParse(answer).success).toBe(false);
      expect(() => serverParametersParser.parse(answer)).toThrow(TypeError);
    }
  });

  it('refuses what is not an object', () => {
    for (const answer of [null, 'texte', 3]) expect(() => serverParametersParser.parse(answer)).toThrow(TypeError);
  });
});
