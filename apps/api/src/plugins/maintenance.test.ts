import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serverParameters } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { MAINTENANCE_HEADER } from '@ecare/shared/constants';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
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
      expect(closed.json().code).toBe('MAINTENANCE');
    }
    const parameters = await t.get('/api/parametres');
    expect(parameters.statusCode).toBe(200);
    expect(parameters.json().en_maintenance).toBe('true');
    expect(parameters.headers[MAINTENANCE_HEADER]).toBe('true');

    await t.db.update(serverParameters).set({ value: 'false' }).where(eq(serverParameters.name, 'en_maintenance'));
    t.clock.advance(2_000);
    expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
  });

  it('is switched by the development tool, which is absent in production', async () => {
    const on = await t.send('PUT', '/api/dev/parametres/en_maintenance', { json: { value: 'true' } });
    expect(on.statusCode).toBe(200);
    expect((await t.get('/api/comptes_facturation')).statusCode).toBe(503);
    await t.send('PUT', '/api/dev/parametres/en_maintenance', { json: { value: 'false' } });
    expect((await t.get('/api/comptes_facturation')).statusCode).toBe(401);

    const production = await t.anotherInstance({ NODE_ENV: 'production' });
    const put = await production.inject({
      method: 'PUT',
      url: '/api/dev/parametres/en_maintenance',
      cookies: { 'XSRF-TOKEN': 'x' },
      headers: { 'x-xsrf-token': 'x' },
      payload: { value: 'true' },
    });
    expect(put.statusCode).toBe(404);
    expect((await production.inject({ method: 'GET', url: '/dev/boite-mail' })).statusCode).toBe(404);
  });
});
