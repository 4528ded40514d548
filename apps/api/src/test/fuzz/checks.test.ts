import { describe, expect, it } from 'vitest';
import { checkAnswer, containsNul, effectivePath, type Answer } from './checks.ts';
import type { FuzzRequest } from './materialize.ts';
import type { Operation } from './operations.ts';

const operation: Operation = {
  key: 'GET /api/x',
  method: 'GET',
  template: '/api/x',
  pathParams: [],
  query: [],
  body: null,
  oauthErrors: false,
  documented: true,
};
const request = (url: string, extra: Partial<FuzzRequest> = {}): FuzzRequest => ({ method: 'GET', url, headers: {}, ownCredentials: false, ...extra });
const json = (statusCode: number, body: unknown, headers: Answer['headers'] = {}): Answer => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});
const checks = (answer: Answer, fuzz = request('/api/x'), anonymous = false) => checkAnswer(operation, fuzz, answer, anonymous).map((p) => p.check);
const coded = { code: 'VALIDATION', exceptionMessage: 'La requête est invalide.' };

describe('fuzz answer checks', () => {
  it('accepts a coded 4xx and a 503 carrying a code', () => {
    expect(checks(json(400, coded))).toEqual([]);
    expect(checks(json(503, { code: 'MAINTENANCE', exceptionMessage: 'x' }))).toEqual([]);
  });

  it('flags server errors, stray error shapes and leaked internals', () => {
    expect(checks(json(500, coded))).toEqual(['status 500']);
    expect(checks(json(503, { error: 'x' }))).toContain('status 503');
    expect(checks(json(400, { error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: 'x', statusCode: 400 }))).toEqual(['error body shape']);
    // TMF630's shape is the public API's own, and only there.
    const tmf = { code: 'API_CREDENTIALS_INVALID', reason: 'x', status: '401' };
    expect(checks(json(401, tmf), request('/api/v1/productInventory/product'))).toEqual([]);
    expect(checks(json(401, tmf), request('/api/clients/1/cles-api'))).toEqual(['error body shape']);
    expect(checks(json(400, { ...coded, detail: 'TypeError: x\n    at f (/work/main/a.ts:1:2)' }))).toEqual(
      expect.arrayContaining(['leak: stack trace', 'leak: file path', 'leak: error text']),
    );
    expect(checks(json(400, { ...coded, detail: 'select "id" from "users" where 1' }))).toContain('leak: SQL');
  });

  it('wants every request carrying a NUL refused with a 4xx', () => {
    expect(checks(json(200, []), request('/api/x?q=%00'))).toEqual(['NUL answered 200']);
    expect(checks(json(400, coded), request('/api/x?q=%00'))).toEqual([]);
    expect(containsNul(request('/api/x', { method: 'POST', payload: '{"a":"\\u0000"}' }))).toBe(true);
    expect(containsNul(request('/api/x', { method: 'POST', payload: 'a=%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } }))).toBe(true);
    expect(containsNul(request('/api/x', { method: 'POST', payload: Buffer.from([1, 0, 2]) }))).toBe(true);
    expect(containsNul(request('/api/x?q=%2500'))).toBe(false);
  });

  it('flags a state change accepted without the XSRF pair, whatever the path spelling', () => {
    expect(checks(json(200, { ok: true }), request('/%61pi/x', { method: 'POST' }), true)).toEqual(['XSRF bypass']);
    expect(checks(json(403, coded), request('/api/x', { method: 'POST' }), true)).toEqual([]);
    expect(checks(json(200, { ok: true }), request('/api/x', { method: 'POST' }), false)).toEqual([]);
  });

  it('flags maintenance switched on', () => {
    expect(checks(json(200, {}, { en_maintenance: 'true' }))).toEqual(['maintenance on']);
  });

  it('reads the path the router acts on', () => {
    expect(effectivePath('/%61pi/x?y')).toBe('/api/x');
    expect(effectivePath('//api/./a/../x#f')).toBe('/api/x');
    expect(effectivePath('http://evil.example/api/x')).toBe('/api/x');
    expect(effectivePath('/api/%FF/x')).toBe('/api/%FF/x');
  });
});
