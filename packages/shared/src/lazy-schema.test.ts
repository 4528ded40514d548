import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deferSchema, lazySchema } from './lazy-schema.ts';

describe('deferSchema (browsers)', () => {
  it('builds the schema on first use only, and once', () => {
    let builds = 0;
    const schema = deferSchema(() => {
      builds += 1;
      return z.object({ nom: z.string().min(1) });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ nom: 'Girard' })).toEqual({ nom: 'Girard' });
    expect(schema.safeParse({ nom: '' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('behaves as the schema it builds: instanceof, methods, nesting', () => {
    const inner = deferSchema(() => z.enum(['ACTIF', 'SUSPENDU']));
    const outer = deferSchema(() => z.object({ statut: inner, lignes: z.array(inner).optional() }));
    const union = deferSchema(() => z.discriminatedUnion('statut', [outer, z.object({ statut: z.literal('RESILIE') })]));
    expect(inner).toBeInstanceOf(z.ZodType);
    expect(inner.options).toEqual(['ACTIF', 'SUSPENDU']);
    expect(outer.parse({ statut: 'ACTIF', lignes: ['SUSPENDU'] })).toEqual({ statut: 'ACTIF', lignes: ['SUSPENDU'] });
    expect(outer.extend({ n: z.number() }).parse({ statut: 'SUSPENDU', n: 1 })).toEqual({ statut: 'SUSPENDU', n: 1 });
    expect(inner.optional().parse(undefined)).toBeUndefined();
    expect(union.parse({ statut: 'RESILIE' })).toEqual({ statut: 'RESILIE' });
    const failure = outer.safeParse({ statut: 'RESILIE' });
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0]?.path).toEqual(['statut']);
  });

  it('gives the same answers as the schema built at once', async () => {
    const build = () => z.string().trim().min(2, 'Trop court.').max(5);
    const eager = build();
    const deferred = deferSchema(build);
    for (const value of ['  ab ', 'a', 'abcdefgh', 12, null, '\u0000x']) {
      expect(deferred.safeParse(value)).toEqual(eager.safeParse(value));
      expect(await deferred.safeParseAsync(value)).toEqual(await eager.safeParseAsync(value));
    }
  });
});

describe('lazySchema', () => {
  it('in Node, returns the schema itself, built at once: the OpenAPI document follows schemas by identity', () => {
    const schema = z.object({ statut: z.enum(['ACTIF']) });
    expect(lazySchema(() => schema)).toBe(schema);
    const outer = z.object({ ligne: lazySchema(() => schema) });
    expect(z.toJSONSchema(outer)).toMatchObject({ properties: { ligne: { properties: { statut: { enum: ['ACTIF'] } } } } });
  });
});
