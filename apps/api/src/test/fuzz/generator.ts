import fc from 'fast-check';
import { HEADER_NAMES, HEADER_VALUES, JSON_FRAGMENT_NAMES, ODD_METHODS, RAW_URL_TOKENS, STRING_NAMES } from './catalogue.ts';
import {
  BODY_SHAPES,
  PATH_SHAPES,
  QUERY_SHAPES,
  type FieldValue,
  type Mutation,
  type QueryMutation,
  type Text,
  type UrlPiece,
  type Variant,
} from './mutations.ts';
import type { Operation } from './operations.ts';
import { boundaryTexts, mainType, type JsonSchema } from './schema.ts';

const notTrue = (text: string) => text.trim().toLowerCase() !== 'true';

/** Short random texts over all UTF-16 units (controls, lone surrogates) and over all code points. */
const randomText: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 24 }),
    fc.string({ unit: 'binary', maxLength: 24 }),
  )
  .filter(notTrue);

function textArb(schema: JsonSchema): fc.Arbitrary<Text> {
  const edges = boundaryTexts(schema);
  const families: fc.WeightedArbitrary<Text>[] = [
    { weight: 6, arbitrary: fc.constantFrom(...STRING_NAMES).map((lib): Text => ({ lib })) },
    { weight: 2, arbitrary: randomText.map((text): Text => ({ text })) },
  ];
  if (edges.length) families.push({ weight: 3, arbitrary: fc.constantFrom(...edges).map((text): Text => ({ text })) });
  return fc.oneof(...families);
}

function urlPieceArb(schema: JsonSchema): fc.Arbitrary<UrlPiece> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...RAW_URL_TOKENS).map((raw): UrlPiece => ({ raw })) },
    { weight: 4, arbitrary: textArb(schema).map((encode): UrlPiece => ({ encode })) },
  );
}

function fieldValueArb(schema: JsonSchema): fc.Arbitrary<FieldValue> {
  const jsonWeight = mainType(schema) === 'string' ? 2 : 4;
  return fc.oneof(
    { weight: 4, arbitrary: textArb(schema).map((string): FieldValue => ({ string })) },
    { weight: jsonWeight, arbitrary: fc.constantFrom(...JSON_FRAGMENT_NAMES).map((json): FieldValue => ({ json })) },
  );
}

/** Names a route without declared query parameters may still be sent. */
const STRAY_QUERY = { name: 'q', schema: { type: 'string' }, required: false };
const STRAY_FIELDS = ['__proto__', 'constructor', 'x\u0000', '', 'a'.repeat(300)];

function queryArb(operation: Operation): fc.Arbitrary<Mutation> {
  const params = operation.query.length ? operation.query : [STRAY_QUERY];
  const named = fc.constantFrom(...params).chain((param) =>
    fc.oneof(
      { weight: 6, arbitrary: urlPieceArb(param.schema).map((value): QueryMutation => ({ kind: 'value', name: param.name, value })) },
      { weight: 1, arbitrary: fc.constantFrom('repeat', 'bracket-name', 'nul-name').map((kind): QueryMutation => ({ kind, name: param.name })) },
    ),
  );
  const shaped = fc.constantFrom(...QUERY_SHAPES).map((shape): QueryMutation => ({ kind: 'shape', shape }));
  return fc.oneof({ weight: 4, arbitrary: named }, { weight: 1, arbitrary: shaped }).map((query): Mutation => ({ kind: 'query', query }));
}

function mutationArb(operation: Operation): fc.Arbitrary<Mutation> {
  const families: fc.WeightedArbitrary<Mutation>[] = [];
  if (operation.pathParams.length) {
    const param = fc.constantFrom(...operation.pathParams).chain((p) => urlPieceArb(p.schema).map((value): Mutation => ({ kind: 'param', name: p.name, value })));
    families.push({ weight: 5, arbitrary: param });
  }
  families.push({ weight: operation.query.length ? 4 : 1, arbitrary: queryArb(operation) });
  const properties = Object.entries(operation.body?.schema.properties ?? {});
  if (properties.length) {
    const field = fc.constantFrom(...properties).chain(([name, schema]) => fieldValueArb(schema).map((value): Mutation => ({ kind: 'field', name, value })));
    const stray = fc.tuple(fc.constantFrom(...STRAY_FIELDS), fieldValueArb({})).map(([name, value]): Mutation => ({ kind: 'field', name, value }));
    const drop = fc.constantFrom(...properties.map(([name]) => name)).map((name): Mutation => ({ kind: 'drop-field', name }));
    families.push({ weight: 6, arbitrary: field }, { weight: 1, arbitrary: stray }, { weight: 1, arbitrary: drop });
  }
  const body = fc.constantFrom(...BODY_SHAPES).map((shape): Mutation => ({ kind: 'body', shape }));
  families.push({ weight: operation.body ? 4 : 1, arbitrary: body });
  const header = fc.constantFrom(...HEADER_NAMES).chain((name) => fc.constantFrom(...HEADER_VALUES[name]).map((value): Mutation => ({ kind: 'header', name, value })));
  const method = fc.constantFrom(...ODD_METHODS).map((m): Mutation => ({ kind: 'method', method: m }));
  const path = fc.record({ shape: fc.constantFrom(...PATH_SHAPES), at: fc.nat(1000) }).map(({ shape, at }): Mutation => ({ kind: 'path', shape, at }));
  families.push({ weight: 1, arbitrary: header }, { weight: 1, arbitrary: method }, { weight: 2, arbitrary: path });
  return fc.oneof(...families);
}

/**
 * Variants every operation always gets, whatever the seed: each input with a NUL, the
 * classic body and path attacks. The seeded random ones come on top.
 */
function systematic(operation: Operation): Mutation[][] {
  const nul: Text = { lib: 'nul-inside' };
  const list: Mutation[][] = [];
  for (const param of operation.pathParams) list.push([{ kind: 'param', name: param.name, value: { raw: '%00' } }]);
  for (const param of operation.query) {
    list.push([{ kind: 'query', query: { kind: 'value', name: param.name, value: { raw: '%00' } } }]);
    list.push([{ kind: 'query', query: { kind: 'value', name: param.name, value: { encode: { lib: 'huge-ascii' } } } }]);
  }
  for (const name of Object.keys(operation.body?.schema.properties ?? {})) {
    list.push([{ kind: 'field', name, value: { string: nul } }]);
    list.push([{ kind: 'field', name, value: { json: 'deep-array' } }]);
  }
  list.push([{ kind: 'query', query: { kind: 'shape', shape: 'nul' } }]);
  for (const shape of ['deep-array', 'oversized-json', 'no-content-type', 'truncated', 'multipart-bad-boundary', 'raw-nul'] as const) list.push([{ kind: 'body', shape }]);
  for (const shape of ['encode-letter', 'double-leading-slash', 'upper-first-segment', 'dot-segment', 'encoded-dotdot', 'trailing-slash', 'trailing-nul'] as const) {
    list.push([{ kind: 'path', shape, at: 0 }]);
  }
  list.push([{ kind: 'method', method: 'PROPFIND' }]);
  return list;
}

/** FNV-1a, so each operation's variants depend on the seed and its own key only. */
function hash(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h & 0x7fffffff;
}

/** The whole plan: `perOperation` variants for each operation, reproducible from the seed. */
export function planVariants(operations: Operation[], seed: number, perOperation: number): Variant[] {
  const plan: Variant[] = [];
  for (const operation of operations) {
    const fixed = systematic(operation);
    const random = fc.sample(fc.array(mutationArb(operation), { minLength: 1, maxLength: 2 }), {
      seed: hash(operation.key, seed),
      numRuns: Math.max(perOperation - fixed.length, 0),
    });
    for (const mutations of [...fixed, ...random]) plan.push({ operation: operation.key, mutations });
  }
  return plan;
}
