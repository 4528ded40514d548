import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccountListSchema, errorMessage, hashConfidentialCode, tokenResponseSchema } from '@ecare/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { healthSchema, readinessSchema } from '../platform/health/index.ts';
import { pgBossJobs } from '../core/jobs.ts';
import type { MailTransport, OutgoingMail } from '../platform/mail/mail.transport.ts';
import { bodyOf, createTestContext, errorOf, TEST_DATABASE_URL, type TestContext } from '../test/harness.ts';
import { startMixedLoad } from '../test/mixed-load.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { waitFor } from '../test/wait-for.ts';
import { MIGRATION_LOCK_KEY, openDatabase, type DatabaseHandle } from './client.ts';
import { createTransact } from './transaction.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { DEMO_USERS, seedDemoIfEmpty } from './seed/demo.ts';

// No reuse of session or parameter reads: every request below reaches the database.
const NO_CACHE = { SESSION_CACHE_MS: '0', READ_CACHE_MS: '0' };
const testConfig = () =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://espace-client.test', WEB_DIST: '/nonexistent', DEMO_USAGE_FEED: 'false', ...NO_CACHE });

/** Within the test's own time limit, so a wait that fails says what it waited for. */
const WAIT = { timeoutMs: 20_000 };

function capturingTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { kind: 'smtp', sent, send: async (mail) => void sent.push(mail), close: () => {} };
}

const XSRF = 'outage-test-xsrf';
async function login(app: FastifyInstance, user: keyof typeof DEMO_USERS): Promise<string> {
  const { email, password } = DEMO_USERS[user];
  const response = await app.inject({
    method: 'POST',
    url: '/api/token',
    cookies: { 'XSRF-TOKEN': XSRF },
    headers: { 'x-xsrf-token': XSRF, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password: await hashConfidentialCode(email, password), grant_type: 'password', captcha: '', ip: '' }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return bodyOf(response, tokenResponseSchema).access_token;
}

const requestReset = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/clients/reset_password', cookies: { 'XSRF-TOKEN': XSRF }, headers: { 'x-xsrf-token': XSRF }, payload: { email } });

function expectUnavailable(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(503);
  expect(errorOf(response)).toEqual({ code: 'DATABASE_UNAVAILABLE', exceptionMessage: errorMessage('DATABASE_UNAVAILABLE') });
  expect(response.headers['retry-after']).toBe('5');
}

describe('with the database unreachable', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    // A port nobody listens on: every connection is refused.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    database = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, dataDir: 'memory://' });
    app = await buildApp({ config: testConfig(), db: database.db });
    database.useLog(app.log);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 503 in French with Retry-After, not 500', async () => {
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/parametres' }));
    expectUnavailable(await requestReset(app, DEMO_USERS.solo.email));
  });

  it('stays alive (/health) but not ready (/ready), saying why', async () => {
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(bodyOf(health, healthSchema)).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(bodyOf(ready, readinessSchema)).toEqual({ status: 'unavailable', database: 'unreachable', migrations: 'not checked' });
    expect(ready.headers['retry-after']).toBe('5');
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: the database restarts or stops under a mixed load of reads and writes', () => {
  let t: TestContext;
  let proxy: TcpProxy;
  let database: DatabaseHandle | undefined;
  const transport = capturingTransport();
  beforeAll(async () => {
    const target = new URL(TEST_DATABASE_URL ?? '');
    // The app reaches its database through a relay that can close the port as a stopped server does.
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestContext({
      env: NO_CACHE,
      mailTransport: transport,
      databaseUrl: proxy.urlFor(TEST_DATABASE_URL ?? ''),
      jobs: (opened) => {
        database = opened;
        return (log) => pgBossJobs(opened.executeSql, log, { pollingSeconds: 0.5 });
      },
    });
    database?.useLog(t.app.log);
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  /** Ends every backend of the app on this database (57P01, as a restart or a stop does); how many. */
  async function terminateAppBackends(): Promise<number> {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and application_name = 'ecare-api'",
      );
      return rows[0]?.n ?? 0;
    } finally {
      await admin.end();
    }
  }

  /**
   * What a restart (a second or so) or a stop does to the app: the port closes, every backend
   * ends with 57P01 whatever it was doing (idle, in a query, holding a transaction), and what the
   * server had not yet ended goes with its exit; new connections are refused until it is back.
   */
  async function databaseAway(forMs: number): Promise<void> {
    proxy.refuse();
    expect(await terminateAppBackends()).toBeGreaterThan(0);
    for (let tries = 0; tries < 50 && proxy.open() > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, forMs));
    proxy.resume();
  }

  /** 16 clients mixing reads and writes while the database goes away for `forMs`; serves again once it is back. */
  async function outageUnderLoad(forMs: number): Promise<Record<string, number>> {
    const token = await t.loginAs('gestionnaire');
    const [account] = bodyOf(await t.get('/api/comptes_facturation', token), billingAccountListSchema);
    if (!account) throw new Error('demo manager without account');
    const load = startMixedLoad(t.app, { clients: 16, token, account: account.idClientBscs });
    try {
      await waitFor(() => load.servedSince(0), { ...WAIT, what: 'every kind of request served before the outage' });
      await databaseAway(forMs);
      const back = performance.now();
      await waitFor(() => load.servedSince(back), { ...WAIT, what: 'every kind of request served again' });
    } finally {
      expect(await load.stop()).toEqual([]);
    }
    return load.tally();
  }

  it('a transaction holding its connection when the backend ends fails as "database unavailable"; the process lives on', async () => {
    const transact = createTransact(t.db);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const failure = await transact(async (tx) => {
      const [backend] = (await tx.executeSql('select pg_backend_pid() as pid')).rows as { pid: number }[];
      await admin.query('select pg_terminate_backend($1)', [backend?.pid]);
      // The 57P01 reaches the connection this transaction holds, idle between two statements.
      await waitFor(async () => (await admin.query('select 1 from pg_stat_activity where pid = $1', [backend?.pid])).rowCount === 0, {
        ...WAIT,
        what: 'the backend to end',
      });
      await tx.executeSql('select 1');
    })
      .catch((error: unknown) => error)
      .finally(() => admin.end());
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await transact((tx) => tx.executeSql('select 1'));
  });

  it('a migration waiting for its lock when its backend ends fails as "database unavailable"', async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const starting = openDatabase({ databaseUrl: proxy.urlFor(TEST_DATABASE_URL ?? ''), dataDir: 'memory://' });
    starting.useLog(t.app.log);
    try {
      // Another instance migrating: this one waits for the lock, on a connection it holds.
      await admin.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const migrating = starting.migrate().catch((error: unknown) => error);
      const waiting = await waitFor(
        async () =>
          (
            await admin.query<{ pid: number }>(
              "select pid from pg_stat_activity where datname = current_database() and application_name = 'ecare-api' and wait_event_type = 'Lock'",
            )
          ).rows[0]?.pid,
        { ...WAIT, what: 'the migration to wait for its lock' },
      );
      await admin.query('select pg_terminate_backend($1)', [waiting]);
      expect(isDatabaseUnavailable(await migrating)).toBe(true);
    } finally {
      await admin.end();
      await starting.close();
    }
  });

  it('a restart (port closed for 1 s) under 16 clients reading and writing: 503 with Retry-After at most, then served again', async () => {
    const tally = await outageUnderLoad(1_000);
    expect(Object.keys(tally)).toEqual(expect.arrayContaining(['optins 200', 'optins 503']));
  });

  it('a stop of 10 s under the same load: the same, and e-mails queued afterwards are still delivered', async () => {
    const tally = await outageUnderLoad(10_000);
    expect(Object.keys(tally)).toEqual(expect.arrayContaining(['optins 200', 'optins 503']));

    expect((await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.mandataire.email } })).statusCode).toBe(200);
    const mail = await waitFor(() => transport.sent.find((m) => m.to === DEMO_USERS.mandataire.email), {
      ...WAIT,
      what: 'the e-mail queued after the outage',
    });
    expect(mail.subject).toContain('code confidentiel');
  }, 60_000);
});

describe.skipIf(TEST_DATABASE_URL)('PGlite: the database thread stops under the running app', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const threads: Worker[] = [];
  const transport = capturingTransport();
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecare-outage-'));
    database = openDatabase({ dataDir, onPgliteThread: (worker) => threads.push(worker) });
    await database.migrate();
    await seedDemoIfEmpty(database.db);
    app = await buildApp({
      config: testConfig(),
      db: database.db,
      mailTransport: transport,
      jobs: (log) => pgBossJobs(database.executeSql, log, { pollingSeconds: 0.5 }),
    });
    database.useLog(app.log);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 meanwhile to 16 clients reading and writing, restarts the thread on the same data, serves again and delivers e-mails', async () => {
    const token = await login(app, 'gestionnaire');
    const [first] = threads;
    if (!first) throw new Error('no database thread');
    const [account] = bodyOf(await app.inject({ method: 'GET', url: '/api/comptes_facturation', headers: { authorization: `Bearer ${token}` } }), billingAccountListSchema);
    if (!account) throw new Error('demo manager without account');
    // 16 clients reading and writing while the thread stops and a new one starts.
    const load = startMixedLoad(app, { clients: 16, token, account: account.idClientBscs });
    try {
      await waitFor(() => load.servedSince(0), { ...WAIT, what: 'every kind of request served before the stop' });
      await first.terminate();
      const stopped = performance.now();
      await waitFor(() => load.servedSince(stopped), { ...WAIT, what: 'every kind of request served again' });
    } finally {
      expect(await load.stop()).toEqual([]);
    }
    expect(load.tally()).toHaveProperty(['optins 503']);
    expect(threads).toHaveLength(2);

    expect((await requestReset(app, DEMO_USERS.solo.email)).statusCode).toBe(200);
    const mail = await waitFor(() => transport.sent.find((m) => m.to === DEMO_USERS.solo.email), { ...WAIT, what: 'the e-mail queued after the restart' });
    expect(mail.subject).toContain('code confidentiel');
  });
});

describe.skipIf(TEST_DATABASE_URL)('PGlite in memory: readiness, then the database thread stops', () => {
  it('is not ready before migrating; once the thread stops under a transaction, that fails and the app answers 503 (its data is gone, so no restart), never 500, a hang or an exit', async () => {
    const threads: Worker[] = [];
    const database = openDatabase({ dataDir: 'memory://', onPgliteThread: (worker) => threads.push(worker) });
    const app = await buildApp({ config: testConfig(), db: database.db });
    database.useLog(app.log);
    try {
      // Once the thread has started (a /ready during its start-up would say "no answer").
      await database.executeSql('select 1');
      const unmigrated = await app.inject({ method: 'GET', url: '/ready' });
      expect(unmigrated.statusCode).toBe(503);
      expect(bodyOf(unmigrated, readinessSchema)).toEqual({ status: 'unavailable', database: 'ok', migrations: 'not applied' });
      await database.migrate();
      expect(bodyOf(await app.inject({ method: 'GET', url: '/ready' }), readinessSchema)).toEqual({ status: 'ok', database: 'ok', migrations: 'ok' });
      // The thread stops while a transaction holds the pool's one connection.
      const failure = await createTransact(database.db)(async (tx) => {
        await tx.executeSql('select 1');
        await threads[0]?.terminate();
        await tx.executeSql('select 1');
      }).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expectUnavailable(await app.inject({ method: 'GET', url: '/api/parametres' }));
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(bodyOf(ready, readinessSchema)).toMatchObject({ status: 'unavailable', database: 'unreachable' });
      expect(threads).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
