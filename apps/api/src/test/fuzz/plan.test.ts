import { describe, expect, it } from 'vitest';
import { planVariants } from './generator.ts';
import { baselineFor, materialize } from './materialize.ts';
import { parseRouteTree, type Operation } from './operations.ts';
import { validValue } from './schema.ts';

const lines: Operation = {
  key: 'GET /api/lines/{id}',
  method: 'GET',
  template: '/api/lines/{id}',
  pathParams: [{ name: 'id', schema: { type: 'integer', minimum: 1 }, required: true }],
  query: [{ name: 'q', schema: { type: 'string', maxLength: 50 }, required: false }],
  body: null,
  oauthErrors: false,
  documented: true,
};
const change: Operation = {
  ...lines,
  key: 'POST /api/change',
  method: 'POST',
  template: '/api/change',
  pathParams: [],
  query: [],
  body: { contentType: 'application/json', schema: { type: 'object', properties: { email: { type: 'string' }, n: { type: 'integer' } } } },
};

describe('fuzz plan', () => {
  it('is the same for the same seed, and another for another seed', () => {
    const plan = planVariants([lines, change], 42, 40);
    expect(plan).toHaveLength(80);
    expect(planVariants([lines, change], 42, 40)).toEqual(plan);
    expect(planVariants([lines, change], 43, 40)).not.toEqual(plan);
  });

  it('always puts a NUL in each path parameter, query parameter and body field', () => {
    const urls = planVariants([lines], 1, 30).map((v) => materialize(lines, baselineFor(lines, new Map([['id', 7]])), v.mutations).url);
    expect(urls).toContain('/api/lines/%00');
    expect(urls).toContain('/api/lines/7?q=%00');
    const bodies = planVariants([change], 1, 30).map((v) => String(materialize(change, baselineFor(change, new Map()), v.mutations).payload));
    expect(bodies).toContain('{"n":1,"email":"ab\\u0000cd"}');
  });

  it('starts from values the schema accepts, preferring those the app answered with', () => {
    expect(validValue({ type: 'integer', minimum: 0, exclusiveMinimum: true }, 'id_client_bscs', new Map())).toBe(1);
    expect(validValue({ type: 'integer' }, 'id_client_bscs', new Map([['idclientbscs', 1000001]]))).toBe(1000001);
    expect(validValue({ type: 'string', minLength: 16, pattern: '^[A-Za-z0-9_-]+$' }, 'guid', new Map())).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(validValue({ type: 'string' }, 'nouvelEmail', new Map())).toBe('fuzz@exemple.test');
  });

  it('reads routes from Fastify’s route tree', () => {
    const tree = ['└── / (GET, HEAD)', '    ├── api/a (GET, HEAD)', '    │   └── /:id (POST)', '    └── ecare (GET)', '        └── * (GET, HEAD)'].join('\n');
    expect(parseRouteTree(tree)).toEqual([
      { method: 'GET', path: '/' },
      { method: 'HEAD', path: '/' },
      { method: 'GET', path: '/api/a' },
      { method: 'HEAD', path: '/api/a' },
      { method: 'POST', path: '/api/a/:id' },
      { method: 'GET', path: '/ecare' },
      { method: 'GET', path: '/ecare*' },
      { method: 'HEAD', path: '/ecare*' },
    ]);
  });
});
