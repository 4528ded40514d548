import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { serverParametersSchema } from '@ecare/shared';
import { bodyOf, createTestContext, errorOf, type TestContext } from '../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  // The development parameter switch is one of the writes checked.
  t = await createTestContext({ env: { DEV_TOOLS: 'true' } });
});
afterAll(() => t.close());

const XSRF = 'xsrf-test-pair';
/** A write as a cross-site page can send it: a plain form, no XSRF header (unless `paired`). */
const write = (method: 'POST' | 'PUT', url: string, options: { form?: Record<string, string>; json?: object; token?: string; paired?: boolean } = {}) =>
  t.app.inject({
    method,
    url,
    cookies: { 'XSRF-TOKEN': XSRF },
    headers: {
      ...(options.paired ? { 'x-xsrf-token': XSRF } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    ...(options.json ? { payload: options.json } : {}),
  });

/** Spellings of a path that a router could take for the real route. */
const spellings = (path: string) => [
  path.replace('/api/', '/%61pi/'),
  path.replace('/api/', '/%2561pi/'),
  path.replace('/api/', '/ap%69/'),
  `/${path}`,
  path.replace('/api/', '//api/'),
  path.replace('/api/', '/API/'),
  path.replace('/api/', '/Api/'),
];

describe('XSRF check on every spelling of a path', () => {
  it('refuses a cross-site form posted to an encoded path of the reset call, and sends no e-mail', async () => {
    const before = (await t.outbox()).length;
    const refused: string[] = [];
    for (const url of spellings('/api/clients/reset_password')) {
      const response = await write('POST', url, { form: { email: DEMO_USERS.utilisateur.email } });
      expect([403, 404], url).toContain(response.statusCode);
      if (response.statusCode === 403) {
        expect(errorOf(response).code).toBe('XSRF');
        refused.push(url);
      }
    }
    // The spellings that reach the route are refused by the XSRF check, not merely unknown.
    expect(refused).toContain('/%61pi/clients/reset_password');
    expect((await t.outbox()).length).toBe(before);
    // The encoded path does reach the route: with the pair it is served like the plain one.
    const paired = await write('POST', '/%61pi/clients/reset_password', { json: { email: DEMO_USERS.utilisateur.email }, paired: true });
    expect(paired.statusCode).toBe(200);
  });

  it('refuses login, logout and the parameter switch on encoded, doubled-slash and mixed-case paths', async () => {
    const token = await t.loginAs('administration');
    const cases: { method: 'POST' | 'PUT'; path: string; form?: Record<string, string>; json?: object }[] = [
      { method: 'POST', path: '/api/token', form: { username: DEMO_USERS.solo.email, password: 'x', grant_type: 'password' } },
      { method: 'POST', path: '/api/sessions/SessionData/Logout', form: {} },
      { method: 'PUT', path: '/api/dev/parametres/en_maintenance', json: { value: 'true' } },
    ];
    for (const { method, path, ...body } of cases) {
      const statuses: number[] = [];
      for (const url of spellings(path)) {
        const response = await write(method, url, { ...body, token });
        expect(response.statusCode, `${method} ${url}`).not.toBe(200);
        expect([403, 404], `${method} ${url}`).toContain(response.statusCode);
        statuses.push(response.statusCode);
      }
      expect(statuses, `${method} ${path}`).toContain(403);
    }
    expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
    expect(bodyOf(await t.get('/api/parametres'), serverParametersSchema).en_maintenance).toBe('false');
  });

  it('still answers a state-changing request to no route with 404', async () => {
    const response = await write('POST', '/nulle-part');
    expect(response.statusCode).toBe(404);
  });
});
