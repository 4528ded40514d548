import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serverParameters } from '../db/schema.ts';
import { serverParametersSchema } from '@ecare/shared';
import { MAINTENANCE_HEADER } from '@ecare/shared/constants';
import { bodyOf, createTestContext, errorOf, type TestContext } from '../test/harness.ts';

let t: TestContext;

/** The development switch as its tools use it: from this machine, an administrator's token, the XSRF pair. */
const switchMaintenance = (app: FastifyInstance, token: string, value: 'true' | 'false') =>
  app.inject({
    method: 'PUT',
    url: '/api/dev/parametres/en_maintenance',
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${token}` },
    payload: { value },
  });

beforeAll(async () => {
  t = await createTestContext({ env: { DEV_TOOLS: 'true' } });
});
afterAll(() => t.close());

describe('maintenance', () => {
  it('flags every API answer and closes the API while en_maintenance is true, within seconds on every instance', async () => {
    const token = await t.loginAs('gestionnaire');
    const other = await t.anotherInstance();
    expect((await t.get('/api/current_user', token)).headers[MAINTENANCE_HEADER]).toBeUndefined();

    await t.db.update(serverParameters).set({ value: 'true' }).where(eq(serverParameters.name, 'en_maintenance'));
    t.clock.advance(2_000);
    for (const app of [t.app, other]) {
      const closed = await app.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `Bearer ${token}` } });
      expect(closed.statusCode).toBe(503);
      expect(closed.headers[MAINTENANCE_HEADER]).toBe('true');
      expect(errorOf(closed).code).toBe('MAINTENANCE');
    }
    const parameters = await t.get('/api/parametres');
    expect(parameters.statusCode).toBe(200);
    expect(bodyOf(parameters, serverParametersSchema).en_maintenance).toBe('true');
    expect(parameters.headers[MAINTENANCE_HEADER]).toBe('true');

    await t.db.update(serverParameters).set({ value: 'false' }).where(eq(serverParameters.name, 'en_maintenance'));
    t.clock.advance(2_000);
    expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
  });

  it('is switched by the development tool, which is absent without DEV_TOOLS=true', async () => {
    const admin = await t.loginAs('administration');
    const on = await switchMaintenance(t.app, admin, 'true');
    expect(on.statusCode).toBe(200);
    expect((await t.get('/api/comptes_facturation')).statusCode).toBe(503);
    await switchMaintenance(t.app, admin, 'false');
    expect((await t.get('/api/comptes_facturation')).statusCode).toBe(401);

    const production = await t.anotherInstance({ NODE_ENV: 'production', DEV_TOOLS: 'false' });
    expect((await switchMaintenance(production, admin, 'true')).statusCode).toBe(404);
    expect((await production.inject({ method: 'GET', url: '/dev/boite-mail' })).statusCode).toBe(404);
  });

  it('closes the API whatever spelling of its path is sent: encoded, doubled slash, mixed case', async () => {
    const token = await t.loginAs('gestionnaire');
    const admin = await t.loginAs('administration');
    expect((await switchMaintenance(t.app, admin, 'true')).statusCode).toBe(200);
    try {
      for (const url of ['/%61pi/comptes_facturation', '/ap%69/comptes_facturation', '/%2561pi/comptes_facturation', '//api/comptes_facturation', '/API/comptes_facturation', '/Api/current_user']) {
        const response = await t.get(url, token);
        expect(response.statusCode, url).not.toBe(200);
        expect([503, 404], url).toContain(response.statusCode);
        expect(response.body, url).not.toContain('idClientBscs');
      }
      const encoded = await t.get('/%61pi/comptes_facturation', token);
      expect(encoded.statusCode).toBe(503);
      expect(encoded.headers[MAINTENANCE_HEADER]).toBe('true');
      // What the maintenance page needs stays open, under any spelling too.
      expect((await t.get('/%61pi/parametres')).statusCode).toBe(200);
    } finally {
      await switchMaintenance(t.app, admin, 'false');
    }
    expect((await t.get('/%61pi/comptes_facturation', token)).statusCode).toBe(200);
  });
});
