import { JSON_FRAGMENTS } from './catalogue.ts';
import type { BodyShape, FieldValue } from './mutations.ts';
import type { Json } from './schema.ts';
import { neverTrue, percentEncode, resolveText } from './url.ts';

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const MULTIPART_TYPE = 'multipart/form-data';
/** Fixed, so that a failure replays byte for byte. */
const MULTIPART_BOUNDARY = '----fuzz-boundary-7f3a';
const OVERSIZED = 1_100_000;

/** A body field: a valid value of the schema, or a mutated one. */
export type BodyField = [name: string, value: FieldValue | { valid: Json }];

export interface RenderedBody {
  /** null: no Content-Type header at all. */
  contentType: string | null;
  payload: string | Buffer;
}

function jsonText(value: BodyField[1]): string {
  if ('valid' in value) return JSON.stringify(typeof value.valid === 'string' ? neverTrue(value.valid) : value.valid);
  if ('json' in value) return JSON_FRAGMENTS[value.json]();
  return JSON.stringify(neverTrue(resolveText(value.string)));
}

function formText(value: BodyField[1]): string {
  if ('valid' in value) return typeof value.valid === 'string' ? value.valid : JSON.stringify(value.valid);
  if ('json' in value) return JSON_FRAGMENTS[value.json]();
  return resolveText(value.string);
}

export const renderJson = (fields: BodyField[]) => `{${fields.map(([name, value]) => `${JSON.stringify(name)}:${jsonText(value)}`).join(',')}}`;
export const renderForm = (fields: BodyField[]) =>
  fields.map(([name, value]) => `${percentEncode(name)}=${percentEncode(neverTrue(formText(value)))}`).join('&');

/** A header parameter's value (a field or file name) as a browser quotes it. */
const quoted = (text: string) => text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * A multipart/form-data body: every field a text part, except the file fields (`format: binary`),
 * sent as a file: a small PDF around a valid value (so the baseline reaches the handler's checks
 * past the file's type), the mutated text itself otherwise.
 */
export function renderMultipart(fields: BodyField[], fileFields: ReadonlySet<string>): RenderedBody {
  const parts = fields.map(([name, value]) => {
    const head = `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${quoted(name)}"`;
    if (!fileFields.has(name)) return Buffer.from(`${head}\r\n\r\n${neverTrue(formText(value))}\r\n`);
    const content = 'valid' in value ? `%PDF-1.7\n%${formText(value)}\n%%EOF\n` : formText(value);
    return Buffer.from(`${head}; filename="fuzz.pdf"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n`);
  });
  return {
    contentType: `${MULTIPART_TYPE}; boundary=${MULTIPART_BOUNDARY}`,
    payload: Buffer.concat([...parts, Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`)]),
  };
}

/** The body in the operation's own encoding. */
export function renderBody(contentType: string, fields: BodyField[], fileFields: ReadonlySet<string> = new Set()): RenderedBody {
  if (contentType.startsWith(MULTIPART_TYPE)) return renderMultipart(fields, fileFields);
  return { contentType, payload: contentType.startsWith(FORM_TYPE) ? renderForm(fields) : renderJson(fields) };
}

/** A whole-body malformation: broken JSON, wrong or missing content type, oversized, nested. */
export function shapeBody(shape: BodyShape, declaredType: string | null, fields: BodyField[], fileFields: ReadonlySet<string> = new Set()): RenderedBody {
  const rendered = renderBody(declaredType ?? JSON_TYPE, fields, fileFields);
  // A multipart body's type carries its boundary.
  const type = rendered.contentType ?? JSON_TYPE;
  const isForm = type.startsWith(FORM_TYPE);
  const native = rendered.payload;
  const json = renderJson(fields);
  const first = fields[0]?.[0] ?? 'a';
  const key = JSON.stringify(first);
  const asJson = (payload: string | Buffer): RenderedBody => ({ contentType: JSON_TYPE, payload });
  const withType = (contentType: string | null, payload: string | Buffer = native): RenderedBody => ({ contentType, payload });
  switch (shape) {
    case 'empty':
      return withType(type, '');
    case 'json-null':
      return asJson('null');
    case 'json-array-of-body':
      return asJson(`[${json}]`);
    case 'json-string':
      return asJson('"a"');
    case 'json-number':
      return asJson('1');
    case 'deep-array':
      return asJson(JSON_FRAGMENTS['deep-array']());
    case 'deep-object':
      return asJson(JSON_FRAGMENTS['deep-object']());
    case 'very-deep-array':
      return asJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    case 'wide-array':
      return asJson(JSON_FRAGMENTS['wide-array']());
    case 'duplicate-keys':
      return asJson(fields.length ? `{${key}:"\\u0000",${json.slice(1)}` : '{"a":1,"a":"\\u0000"}');
    case 'truncated':
      return withType(type, native.slice(0, Math.max(1, Math.floor(native.length / 2))));
    case 'trailing-comma':
      return asJson(fields.length ? `${json.slice(0, -1)},}` : '{,}');
    case 'single-quotes':
      return asJson(json.replaceAll('"', "'"));
    case 'comment':
      return asJson(`/* c */${json}`);
    case 'bom':
      return withType(type, `\ufeff${native}`);
    case 'invalid-utf8':
      return withType(
        type,
        Buffer.concat([Buffer.from(isForm ? `${percentEncode(first)}=` : `{${key}:"`), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xc0, 0x80]), Buffer.from(isForm ? '' : '"}')]),
      );
    case 'raw-nul':
      return withType(type, isForm ? `${percentEncode(first)}=a\u0000b` : `{${key}:"a\u0000b"}`);
    case 'proto-pollution':
      return asJson(`{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}${fields.length ? `,${json.slice(1)}` : '}'}`);
    case 'oversized-json':
      return asJson(`{${key}:"${'a'.repeat(OVERSIZED)}"}`);
    case 'oversized-form':
      return withType(FORM_TYPE, `${percentEncode(first)}=${'a'.repeat(OVERSIZED)}`);
    case 'empty-object':
      return withType(type, isForm ? '' : '{}');
    case 'many-fields':
      return asJson(`{${Array.from({ length: 2000 }, (_, i) => `"f${i}":${i}`).join(',')}${fields.length ? `,${json.slice(1)}` : '}'}`);
    case 'text-plain':
      return withType('text/plain', native);
    case 'text-plain-garbage':
      return withType('text/plain; charset=utf-8', '\u0001\u0002garbage\u00ff');
    case 'multipart-bad-boundary':
      return withType('multipart/form-data; boundary=----fuzz', '------other\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n------other--\r\n');
    case 'multipart-no-boundary':
      return withType('multipart/form-data', 'abc');
    case 'form-bad-encoding':
      return withType(FORM_TYPE, `${percentEncode(first)}=%ZZ%FF%C3%28&%FF=%E0%A4%A&=&&==&%`);
    case 'other-encoding':
      return isForm ? asJson(json) : withType(FORM_TYPE, renderForm(fields));
    case 'no-content-type':
      return withType(null);
    case 'xml':
      return withType('application/xml', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>');
    case 'octet-stream':
      return withType('application/octet-stream', Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
    case 'charset-latin1':
      return withType(`${type}; charset=latin1`);
    case 'charset-bogus':
      return withType(`${type}; charset=utf-7`);
    case 'content-type-list':
      return withType(`${type}, text/plain`);
    case 'content-type-upper':
      return withType(type.toUpperCase());
    case 'form-duplicates':
      return withType(FORM_TYPE, `${renderForm(fields)}&${renderForm(fields.map(([name]): BodyField => [name, { valid: 'autre' }]))}`);
    case 'form-brackets':
      return withType(FORM_TYPE, `${percentEncode(first)}[]=a&${percentEncode(first)}[x]=b&${percentEncode(first)}=c`);
  }
}
