import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@ecare/shared';
import { bodyOf, createTestContext, type TestContext } from '../test/harness.ts';
import type { DatabaseHandle } from './client.ts';

/**
 * node-postgres drops a connection after any failed query; on PGlite the next connection reaches
 * the same single backend session. Whatever failed, the app's prepared statements (find_session
 * on every authenticated request) must keep working afterwards. Session reads are not cached
 * here, so every request runs find_session.
 */
describe('a failed query or a dropped connection never wedges the database', () => {
  let t: TestContext;
  let database: DatabaseHandle | undefined;
  const handle = () => {
    if (!database) throw new Error('no database handle');
    return database;
  };

  beforeAll(async () => {
    t = await createTestContext({
      env: { SESSION_CACHE_MS: '0' },
      jobs: (opened) => {
        database = opened;
        return undefined;
      },
    });
    await handle().executeSql('create table bridge_probe (id integer)');
  });
  afterAll(() => t.close());

  /** Signs in and reads the current user: the prepared find_session path. */
  async function signedInRequestsWork(): Promise<void> {
    const token = await t.loginAs('gestionnaire');
    const response = await t.get('/api/current_user', token);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response, currentUserSchema)).toMatchObject({ gestionnaire: true });
    // Again on the same connection, now that the statement is prepared there.
    expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
  }

  async function probeRows(): Promise<number> {
    const { rows } = await handle().executeSql('select count(*)::int as n from bridge_probe');
    const [row] = rows as { n: number }[];
    return row?.n ?? -1;
  }

  it('after a NUL byte sent as a statement parameter', async () => {
    await signedInRequestsWork();
    await expect(handle().executeSql('select $1::text as value', ['a\u0000b'])).rejects.toThrow(/0x00/);
    await signedInRequestsWork();
  });

  it('after a NUL byte inside a prepared statement’s own parameters', async () => {
    const named = { name: 'bridge_probe_by_text', text: 'select count(*)::int as n from bridge_probe where $1::text is not null' };
    await handle().pool.query({ ...named, values: ['ok'] });
    await expect(handle().pool.query({ ...named, values: ['\u0000'] })).rejects.toThrow(/0x00/);
    await expect(handle().pool.query({ ...named, values: ['again'] })).resolves.toMatchObject({ rows: [{ n: 0 }] });
    await signedInRequestsWork();
  });

  it('after a syntax error', async () => {
    await expect(handle().executeSql('selec 1')).rejects.toThrow(/syntax/);
    await signedInRequestsWork();
  });

  it('after a statement fails inside a transaction, in one simple query (as pg-boss sends them)', async () => {
    await expect(handle().executeSql('begin; insert into bridge_probe values (1); select 1 / 0; commit')).rejects.toThrow(/division by zero/);
    expect(await probeRows()).toBe(0);
    await signedInRequestsWork();
  });

  it('after a statement fails inside a drizzle transaction', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into bridge_probe values (2)`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(await probeRows()).toBe(0);
    await signedInRequestsWork();
  });

  it('after a connection is dropped in the middle of a transaction', async () => {
    const client = await handle().pool.connect();
    await client.query('begin');
    await client.query('insert into bridge_probe values (3)');
    // What the pool does with a connection that failed: it is closed, never committed.
    client.release(new Error('connection lost'));
    expect(await probeRows()).toBe(0);
    await signedInRequestsWork();
  });

  it('after a connection is dropped while a prepared statement exists on it', async () => {
    await signedInRequestsWork();
    const client = await handle().pool.connect();
    await client.query({ name: 'bridge_probe_count', text: 'select count(*)::int as n from bridge_probe' });
    client.release(new Error('connection lost'));
    await expect(handle().pool.query({ name: 'bridge_probe_count', text: 'select count(*)::int as n from bridge_probe' })).resolves.toMatchObject({
      rows: [{ n: 0 }],
    });
    await signedInRequestsWork();
  });
});
