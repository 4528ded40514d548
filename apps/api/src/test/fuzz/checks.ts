import { posix } from 'node:path';
import { FORM_TYPE } from './body.ts';
import type { FuzzRequest } from './materialize.ts';
import type { Operation } from './operations.ts';
import { isRecord } from './schema.ts';

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface Problem {
  /** Short name of the broken rule; failures are grouped by it. */
  check: string;
  detail: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Internals an answer must never show: stack frames, file paths, SQL, driver names, `Error:`. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', /\bat [^\n]*:\d+:\d+|\n\s+at /],
  ['file path', /node_modules|\/work\/|file:\/\/|\.ts:\d+/],
  ['SQL', /\b(select|insert into|update|delete from)\b[\s\S]{0,400}\b(from|where|set|values)\b|syntax error at or near|violates [a-z ]*constraint|relation "|invalid byte sequence/i],
  ['database driver', /drizzle|pglite|postgres|\bpg\b/i],
  ['error text', /\b[A-Za-z]*Error:/],
];

/** Methods whose body the server never reads: a NUL there reaches nothing. */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function containsNul(request: FuzzRequest): boolean {
  if (/%00/i.test(request.url) || request.url.includes('\u0000')) return true;
  const payload = request.payload;
  if (payload === undefined || BODILESS.has(request.method.toUpperCase())) return false;
  if (Buffer.isBuffer(payload)) return payload.includes(0);
  const form = (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM_TYPE);
  return payload.includes('\u0000') || /\\u0000/i.test(payload) || (form && /%00/i.test(payload));
}

/** The path the router acts on, as far as a reader can tell: decoded, slashes and dots resolved. */
export function effectivePath(url: string): string {
  const withoutOrigin = url.replace(/^[a-z]+:\/\/[^/]*/i, '');
  const path = withoutOrigin.split(/[?#]/)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return posix.normalize(decoded.replace(/\/+/g, '/'));
}

const isApiPath = (url: string) => /^\/api(\/|$)/i.test(effectivePath(url));
/** The public API answers its refusals in TMF630's shape (decision 061). */
const isPublicApiPath = (url: string) => /^\/api\/v1(\/|$)/i.test(effectivePath(url));

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

const hasStrings = (value: unknown, ...keys: string[]) => isRecord(value) && keys.every((key) => typeof value[key] === 'string');

/** Every rule an answer to a malformed request must keep; an empty list means it passed. */
export function checkAnswer(operation: Operation, request: FuzzRequest, answer: Answer, anonymous: boolean): Problem[] {
  const status = answer.statusCode;
  if (status === 0) return [{ check: 'connection dropped', detail: answer.body }];
  const problems: Problem[] = [];
  const json = parseJson(answer.body);
  const contentType = String(answer.headers['content-type'] ?? '');
  const hasBody = request.method !== 'HEAD';
  const nul = containsNul(request);
  if (status >= 500 && !(status === 503 && (!hasBody || hasStrings(json, 'code')))) {
    problems.push({ check: `status ${status}`, detail: `a malformed request must not cause a server error${nul ? ' (it carries a NUL)' : ''}` });
  } else if (nul && (status < 400 || status >= 500)) {
    problems.push({ check: `NUL answered ${status}`, detail: 'a request carrying a NUL character must be refused with a 4xx' });
  }
  if (status >= 400 && hasBody && isApiPath(request.url)) {
    const coded = contentType.includes('application/json') && hasStrings(json, 'code', 'exceptionMessage');
    const oauth = operation.oauthErrors && contentType.includes('application/json') && hasStrings(json, 'error', 'error_description');
    const tmf = isPublicApiPath(request.url) && contentType.includes('application/json') && hasStrings(json, 'code', 'reason', 'status');
    if (!coded && !oauth && !tmf) problems.push({ check: 'error body shape', detail: `an /api error must be JSON { code, exceptionMessage }${operation.oauthErrors ? ' or OAuth’s { error, error_description }' : ''}, /api/v1 TMF’s { code, reason, status }` });
  }
  if (status >= 400 && hasBody) {
    for (const [what, pattern] of LEAKS) {
      if (pattern.test(answer.body)) problems.push({ check: `leak: ${what}`, detail: `the answer shows internals (${what})` });
    }
  }
  if (anonymous && !request.ownCredentials && !SAFE_METHODS.has(request.method) && isApiPath(request.url) && status < 400) {
    problems.push({ check: 'XSRF bypass', detail: 'a state-changing /api request without the XSRF cookie and header was accepted' });
  }
  if (answer.headers.en_maintenance !== undefined) {
    problems.push({ check: 'maintenance on', detail: 'the portal went into maintenance during the run' });
  }
  return problems;
}
