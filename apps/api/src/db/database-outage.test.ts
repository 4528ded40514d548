import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, hashConfidentialCode, tokenResponseSchema } from '@ecare/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { healthSchema, readinessSchema } from '../modules/health/index.ts';
import { pgBossJobs } from '../core/jobs.ts';
import type { MailTransport, OutgoingMail } from '../modules/mail/mail.transport.ts';
import { bodyOf, createTestContext, errorOf, TEST_DATABASE_URL, type TestContext } from '../test/harness.ts';
import { waitFor } from '../test/wait-for.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { DEMO_USERS, seedDemoIfEmpty } from './seed/demo.ts';

// No reuse of session or parameter reads: every request below reaches the database.
const NO_CACHE = { SESSION_CACHE_MS: '0', READ_CACHE_MS: '0' };
const testConfig = () =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://espace-client.test', WEB_DIST: '/nonexistent', ...NO_CACHE });

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

/** Reads the current user until it answers 200; every answer on the way must be 200 or 503, never 500. */
async function currentUserUntilServed(app: FastifyInstance, token: string): Promise<number[]> {
  const statuses: number[] = [];
  await waitFor(
    async () => {
      const response = await app.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `Bearer ${token}` } });
      statuses.push(response.statusCode);
      if (response.statusCode === 503) expectUnavailable(response);
      else expect(response.statusCode, response.body).toBe(200);
      return response.statusCode === 200;
    },
    { ...WAIT, what: 'the app to serve again' },
  );
  return statuses;
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

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: the app’s connections are terminated under it', () => {
  let t: TestContext;
  let database: DatabaseHandle | undefined;
  const transport = capturingTransport();
  beforeAll(async () => {
    t = await createTestContext({
      env: NO_CACHE,
      mailTransport: transport,
      jobs: (opened) => {
        database = opened;
        return (log) => pgBossJobs(opened.executeSql, log, { pollingSeconds: 0.5 });
      },
    });
    database?.useLog(t.app.log);
  });
  afterAll(() => t.close());

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

  it('keeps running, answers 503 at most, serves again, and still delivers queued e-mails', async () => {
    const token = await t.loginAs('gestionnaire');
    expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
    expect((await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.solo.email } })).statusCode).toBe(200);
    await waitFor(() => transport.sent.length >= 1, { ...WAIT, what: 'the first e-mail' });

    // Requests in flight while their connections are cut.
    const inFlight = Array.from({ length: 20 }, () => t.get('/api/current_user', token));
    expect(await terminateAppBackends()).toBeGreaterThan(0);
    for (const response of await Promise.all(inFlight)) {
      if (response.statusCode === 503) expectUnavailable(response);
      else expect(response.statusCode, response.body).toBe(200);
    }
    expect((await currentUserUntilServed(t.app, token)).at(-1)).toBe(200);

    const before = transport.sent.length;
    expect((await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.mandataire.email } })).statusCode).toBe(200);
    const mail = await waitFor(() => transport.sent.slice(before).find((m) => m.to === DEMO_USERS.mandataire.email), {
      ...WAIT,
      what: 'the e-mail queued after the outage',
    });
    expect(mail.subject).toContain('code confidentiel');
  });
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

  it('answers 503 meanwhile, restarts the thread on the same data, serves again and delivers e-mails', async () => {
    const token = await login(app, 'gestionnaire');
    const [first] = threads;
    if (!first) throw new Error('no database thread');
    await first.terminate();
    const statuses = await currentUserUntilServed(app, token);
    expect(statuses[0]).toBe(503);
    expect(statuses.at(-1)).toBe(200);
    expect(threads).toHaveLength(2);

    expect((await requestReset(app, DEMO_USERS.solo.email)).statusCode).toBe(200);
    const mail = await waitFor(() => transport.sent.find((m) => m.to === DEMO_USERS.solo.email), { ...WAIT, what: 'the e-mail queued after the restart' });
    expect(mail.subject).toContain('code confidentiel');
  });
});

describe.skipIf(TEST_DATABASE_URL)('PGlite in memory: readiness, then the database thread stops', () => {
  it('is not ready before migrating; once the thread stops, answers 503 (its data is gone, so no restart), never 500 or a hang', async () => {
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
      await threads[0]?.terminate();
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
