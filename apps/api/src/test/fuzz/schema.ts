import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger emits it from zod) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Values seen in the app's own answers, by normalised name (idClientBscs ≙ id_client_bscs). */
export type KnownValues = Map<string, string | number>;

export const normaliseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema's main type, looking through anyOf/oneOf (nullable unions). */
export function mainType(schema: JsonSchema): string {
  const union = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (union) {
    const first = union.find((s) => mainType(s) !== 'null');
    return first ? mainType(first) : 'null';
  }
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? 'null';
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.enum?.length) return typeof schema.enum[0];
  return 'string';
}

function lowerBound(schema: JsonSchema): number {
  const min = schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined);
  if (min === undefined) return 1;
  return schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number' ? min + 1 : min;
}

function upperBound(schema: JsonSchema): number | undefined {
  const max = schema.maximum ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined);
  if (max === undefined) return undefined;
  return schema.exclusiveMaximum === true || typeof schema.exclusiveMaximum === 'number' ? max - 1 : max;
}

const matches = (schema: JsonSchema, text: string) =>
  text.length >= (schema.minLength ?? 0) &&
  text.length <= (schema.maxLength ?? Infinity) &&
  (!schema.pattern || new RegExp(schema.pattern, 'u').test(text));

/** A string the schema accepts: e-mail-looking names get an address, patterns a matching text. */
function validString(schema: JsonSchema, name: string, seed: number): string {
  const min = Math.max(schema.minLength ?? 0, 1);
  const candidates = [
    ...(/mail/i.test(name) || schema.format === 'email' ? ['fuzz@exemple.test'] : []),
    'fuzz',
    'aucun',
    'a'.repeat(min),
    'abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, Math.max(min, 16)),
    '1',
    '1.1',
  ];
  const found = candidates.find((c) => matches(schema, c));
  if (found !== undefined) return found;
  if (schema.pattern) {
    const arb = fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((s) => matches(schema, s));
    const [sampled] = fc.sample(arb, { seed, numRuns: 1 });
    if (sampled !== undefined) return sampled;
  }
  return 'a'.repeat(min);
}

/** A value the schema accepts, preferring one the running app itself answered with. */
export function validValue(schema: JsonSchema, name: string, known: KnownValues, seed = 1): Json {
  const seen = known.get(normaliseName(name));
  const type = mainType(schema);
  if (schema.const !== undefined) return schema.const as Json;
  if (schema.enum?.length) return schema.enum[0] as Json;
  if (type === 'integer' || type === 'number') {
    if (typeof seen === 'number') return seen;
    const low = lowerBound(schema);
    const high = upperBound(schema);
    return high !== undefined && low > high ? high : low;
  }
  if (type === 'boolean') return false;
  if (type === 'array') return schema.items ? [validValue(schema.items, name, known, seed)] : [];
  if (type === 'object') {
    const result: Record<string, Json> = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) result[key] = validValue(property, key, known, seed);
    return result;
  }
  if (seen !== undefined && matches(schema, String(seen))) return String(seen);
  return validString(schema, name, seed);
}

/** Texts right at and just past the schema's declared edges (numbers, lengths, enums, patterns). */
export function boundaryTexts(schema: JsonSchema): string[] {
  const type = mainType(schema);
  const texts: string[] = [];
  if (type === 'integer' || type === 'number') {
    const low = lowerBound(schema);
    const high = upperBound(schema);
    texts.push(String(low - 1), String(low), `${low}.5`, String(-low));
    if (high !== undefined) texts.push(String(high), String(high + 1), String(high * 10));
  }
  if (type === 'string') {
    const max = schema.maxLength;
    if (max !== undefined) texts.push('a'.repeat(max), 'a'.repeat(max + 1), 'é'.repeat(max + 1), '😀'.repeat(Math.ceil(max / 2) + 1));
    if (schema.minLength) texts.push('a'.repeat(schema.minLength - 1));
    if (schema.pattern) texts.push('a b', 'é', '-', '_'.repeat(Math.max(schema.minLength ?? 1, 1)));
  }
  for (const value of schema.enum ?? []) {
    const text = String(value);
    texts.push(text, text.toUpperCase(), `${text} `, `${text}\u0000`, text.slice(0, -1));
  }
  return [...new Set(texts)].filter((text) => text.trim().toLowerCase() !== 'true');
}
