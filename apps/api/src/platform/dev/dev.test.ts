import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailListSchema, serverParametersSchema } from '@ecare/shared';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bodyOf, createTestContext, errorOf, type TestContext } from '../../test/harness.ts';

let t: TestContext;
/** An instance with the tools on (DEV_TOOLS=true), beside `t.app` which has the default. */
let tools: FastifyInstance;
beforeAll(async () => {
  t = await createTestContext();
  tools = await t.anotherInstance({ DEV_TOOLS: 'true' });
});
afterAll(() => t.close());

const setParameter = (app: FastifyInstance, value: string, options: { token?: string; remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({
    method: 'PUT',
    url: '/api/dev/parametres/messageAuthentification',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    payload: { value },
  });

const banner = async () => bodyOf(await t.get('/api/parametres'), serverParametersSchema).messageAuthentification;

describe('development tools', () => {
  it('answer only direct requests from this machine: a proxy header or another peer gets 404', async () => {
    await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.utilisateur.email } });
    const local = await tools.inject({ method: 'GET', url: '/api/dev/mails' });
    expect(local.statusCode).toBe(200);
    const [newest] = bodyOf(local, devMailListSchema);
    expect(newest?.destinataire).toBe(DEMO_USERS.utilisateur.email);

    const forwarded = [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }];
    for (const url of ['/api/dev/mails', '/dev/boite-mail', '/%61pi/dev/mails']) {
      for (const headers of forwarded) {
        const response = await tools.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
        expect(response.body).not.toContain(DEMO_USERS.utilisateur.email);
      }
      const remote = await tools.inject({ method: 'GET', url, remoteAddress: '192.0.2.10' });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain(DEMO_USERS.utilisateur.email);
    }
    expect((await tools.inject({ method: 'GET', url: '/dev/boite-mail', remoteAddress: '::1' })).statusCode).toBe(200);
    // An id beyond the column's range is refused as such, not a server error.
    expect((await tools.inject({ method: 'GET', url: '/dev/boite-mail/2147483648', remoteAddress: '::1' })).statusCode).toBe(400);
  });

  it('let only an administration user switch a server parameter', async () => {
    const before = await banner();
    expect((await setParameter(tools, 'anonyme')).statusCode).toBe(401);
    const customer = await setParameter(tools, 'client', { token: await t.loginAs('gestionnaire') });
    expect(customer.statusCode).toBe(403);
    expect(errorOf(customer).code).toBe('FORBIDDEN_ADMINISTRATION');
    expect(await banner()).toBe(before);

    const admin = await t.loginAs('administration');
    expect((await setParameter(tools, 'via proxy', { token: admin, headers: { 'x-forwarded-for': '198.51.100.7' } })).statusCode).toBe(404);
    expect((await setParameter(tools, 'distant', { token: admin, remoteAddress: '198.51.100.7' })).statusCode).toBe(404);
    expect(await banner()).toBe(before);

    expect((await setParameter(tools, 'Bandeau d’essai', { token: admin })).statusCode).toBe(200);
    t.clock.advance(2_000);
    expect(await banner()).toBe('Bandeau d’essai');
  });

  it('are absent unless DEV_TOOLS=true, even in development on this machine’s address; then on whatever the address', async () => {
    const admin = await t.loginAs('administration');
    const development = await t.anotherInstance({ NODE_ENV: 'development', HOST: '127.0.0.1' });
    for (const [name, app] of [['default (tests)', t.app], ['development on 127.0.0.1', development]] as const) {
      expect((await app.inject({ method: 'GET', url: '/api/dev/mails' })).statusCode, name).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/dev/boite-mail' })).statusCode, name).toBe(404);
      expect((await setParameter(app, 'x', { token: admin })).statusCode, name).toBe(404);
    }

    const explicit = await t.anotherInstance({ NODE_ENV: 'production', HOST: '0.0.0.0', DEV_TOOLS: 'true' });
    expect((await explicit.inject({ method: 'GET', url: '/api/dev/mails' })).statusCode).toBe(200);
    expect((await explicit.inject({ method: 'GET', url: '/api/dev/mails', remoteAddress: '192.0.2.10' })).statusCode).toBe(404);
  });
});
