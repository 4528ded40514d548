import type { JsonFragmentName, StringName } from './catalogue.ts';

/** A text from the catalogue (built when sent) or a small literal. */
export type Text = { lib: StringName } | { text: string };
/** A URL piece: a text to percent-encode as UTF-8, or raw characters written as they are. */
export type UrlPiece = { encode: Text } | { raw: string };
/** A body field's value: a string, or a JSON fragment (wrong type, edge number, broken token). */
export type FieldValue = { string: Text } | { json: JsonFragmentName };

export const BODY_SHAPES = [
  'empty',
  'json-null',
  'json-array-of-body',
  'json-string',
  'json-number',
  'deep-array',
  'deep-object',
  'very-deep-array',
  'wide-array',
  'duplicate-keys',
  'truncated',
  'trailing-comma',
  'single-quotes',
  'comment',
  'bom',
  'invalid-utf8',
  'raw-nul',
  'proto-pollution',
  'oversized-json',
  'oversized-form',
  'empty-object',
  'many-fields',
  'text-plain',
  'text-plain-garbage',
  'multipart-bad-boundary',
  'multipart-no-boundary',
  'form-bad-encoding',
  'other-encoding',
  'no-content-type',
  'xml',
  'octet-stream',
  'charset-latin1',
  'charset-bogus',
  'content-type-list',
  'content-type-upper',
  'form-duplicates',
  'form-brackets',
] as const;
export type BodyShape = (typeof BODY_SHAPES)[number];

export const PATH_SHAPES = [
  'encode-letter',
  'double-leading-slash',
  'double-inner-slash',
  'upper-case',
  'upper-first-segment',
  'dot-segment',
  'dotdot-segment',
  'encoded-dotdot',
  'encoded-dot',
  'overlong-dot',
  'trailing-slash',
  'trailing-dot',
  'trailing-semicolon',
  'trailing-nul',
  'trailing-encoded-slash',
  'trailing-space',
  'trailing-tab',
  'backslash',
  'encoded-backslash',
  'encoded-slash-separator',
  'empty-query',
  'double-question',
  'fragment',
  'raw-unicode',
  'absolute-form',
  'huge-path',
  'many-segments',
] as const;
export type PathShape = (typeof PATH_SHAPES)[number];

export const QUERY_SHAPES = ['nul', 'bad-encoding', 'ampersands', 'equals', 'many-params', 'huge', 'proto', 'percent', 'plus-signs'] as const;
export type QueryShape = (typeof QUERY_SHAPES)[number];

export type QueryMutation =
  | { kind: 'value'; name: string; value: UrlPiece }
  | { kind: 'repeat'; name: string }
  | { kind: 'bracket-name'; name: string }
  | { kind: 'nul-name'; name: string }
  | { kind: 'shape'; shape: QueryShape };

/** One change to an otherwise valid request. */
export type Mutation =
  | { kind: 'param'; name: string; value: UrlPiece }
  | { kind: 'query'; query: QueryMutation }
  | { kind: 'field'; name: string; value: FieldValue }
  | { kind: 'drop-field'; name: string }
  | { kind: 'body'; shape: BodyShape }
  | { kind: 'header'; name: string; value: string }
  | { kind: 'method'; method: string }
  | { kind: 'path'; shape: PathShape; at: number };

/** A planned request: small, so the whole plan is cheap to hold; built into bytes when sent. */
export interface Variant {
  operation: string;
  mutations: Mutation[];
}

const textLabel = (text: Text) => ('lib' in text ? `<${text.lib}>` : JSON.stringify(text.text.length > 40 ? `${text.text.slice(0, 40)}…` : text.text));
const nameLabel = (name: string) => (/^[\x21-\x7e]+$/.test(name) && name.length <= 40 ? name : JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name));
const pieceLabel = (piece: UrlPiece) => ('raw' in piece ? `raw ${piece.raw}` : textLabel(piece.encode));

/** Human-readable, for failure messages and the per-route summary. */
export function describeMutation(mutation: Mutation): string {
  switch (mutation.kind) {
    case 'param':
      return `path param ${mutation.name} = ${pieceLabel(mutation.value)}`;
    case 'query': {
      const q = mutation.query;
      if (q.kind === 'value') return `query ${q.name} = ${pieceLabel(q.value)}`;
      if (q.kind === 'shape') return `query shape ${q.shape}`;
      return `query ${q.kind} ${q.name}`;
    }
    case 'field':
      return `body field ${nameLabel(mutation.name)} = ${'json' in mutation.value ? `json <${mutation.value.json}>` : textLabel(mutation.value.string)}`;
    case 'drop-field':
      return `body without ${nameLabel(mutation.name)}`;
    case 'body':
      return `body shape ${mutation.shape}`;
    case 'header':
      return `header ${mutation.name}: ${JSON.stringify(mutation.value.length > 40 ? `${mutation.value.slice(0, 40)}…` : mutation.value)}`;
    case 'method':
      return `method ${mutation.method}`;
    case 'path':
      return `path shape ${mutation.shape}`;
  }
}
