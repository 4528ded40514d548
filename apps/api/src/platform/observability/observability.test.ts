import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccountListSchema, paymentLinkSchema } from '@ecare/shared';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { SEND_EMAIL_QUEUE } from '../../platform/mail/index.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { newToken } from '../../lib/tokens.ts';
import { loggerOptions } from '../../plugins/logging.ts';
import { dayFrom, eventBody, insertInvoice, PAYMENT_ENV, postNotification } from '../../test/support/payment.ts';
import { bodyOf, createTestContext, passwordGrant, type TestContext } from '../../test/harness.ts';
import type { OutgoingMail } from '../mail/mail.transport.ts';
import { createMetrics } from './metrics.ts';
import { JOB_REQUEST_ID, observedJobs } from './observed-jobs.ts';
import { pgBossJobs } from '../../core/jobs.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { waitFor } from '../../test/wait-for.ts';
import { postWebhook } from '../../modules/webhooks/webhooks.delivery.ts';
import { runInContext } from './request-context.ts';

const METRICS_TOKEN = 'metrics-token-of-the-tests-0123456789abcdef';

/** A sample's value in Prometheus's text format: the series of `name` with these labels (among others), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    expect((await t.get('/metrics')).statusCode).toBe(404);
    const withAToken = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(withAToken.statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestContext;
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  beforeAll(async () => {
    t = await createTestContext({ env: { METRICS_TOKEN, ...PAYMENT_ENV } });
  });
  afterAll(() => t.close());

  it('refuses a missing or wrong token, saying nothing', async () => {
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN.slice(0, -1)}x`, `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN, 'Bearer ']) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.body).not.toContain('ecare_');
      expect(response.body).not.toContain('process_');
    }
  });

  it('answers the metrics in Prometheus’s format, every one declared', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${METRICS_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const declared = [
      ['ecare_http_requests_total', 'counter'],
      ['ecare_http_request_duration_seconds', 'histogram'],
      ['ecare_db_pool_connections', 'gauge'],
      ['ecare_db_pool_idle_connections', 'gauge'],
      ['ecare_db_pool_waiting_clients', 'gauge'],
      ['ecare_db_query_errors_total', 'counter'],
      ['ecare_job_queue_depth', 'gauge'],
      ['ecare_job_failures_total', 'counter'],
      ['ecare_mail_outbox_backlog', 'gauge'],
      ['ecare_mail_outbox_oldest_unsent_seconds', 'gauge'],
      ['ecare_mail_deliveries_total', 'counter'],
      ['ecare_payment_notification_delay_seconds', 'histogram'],
      ['ecare_sign_in_failures_total', 'counter'],
      ['ecare_abuse_limit_hits_total', 'counter'],
      ['ecare_webhook_deliveries_total', 'counter'],
      ['ecare_metrics_source_up', 'gauge'],
      ['process_cpu_seconds_total', 'counter'],
      ['nodejs_heap_size_used_bytes', 'gauge'],
    ];
    for (const [name, type] of declared) expect(response.body).toContain(`# TYPE ${name} ${type}\n`);
    // The pool has opened its connection by now; the outbox was read.
    expect(sample(response.body, 'ecare_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(response.body, 'ecare_metrics_source_up', { source: 'mail_outbox' })).toBe(1);
  });

  it('counts a request by its route pattern and status, never by its URL', async () => {
    const guid = newToken();
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/guid/verifier/:guid' };
    const answered = await t.get(`/api/guid/verifier/${guid}`);
    const after = await scrape();
    const status = String(answered.statusCode);
    expect(sample(after, 'ecare_http_requests_total', { ...labels, status }) - sample(before, 'ecare_http_requests_total', { ...labels, status })).toBe(1);
    expect(sample(after, 'ecare_http_request_duration_seconds_count', { ...labels, status })).toBe(sample(after, 'ecare_http_requests_total', { ...labels, status }));
    expect(after).not.toContain(guid);
    // No route: one series for them all, whatever the path asked.
    await t.get(`/nulle-part/${guid}`);
    const unmatched = await scrape();
    expect(sample(unmatched, 'ecare_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(unmatched).not.toContain('nulle-part');
  });

  it('counts a failed sign-in by its code', async () => {
    const before = sample(await scrape(), 'ecare_sign_in_failures_total', { reason: 'INVALID_GRANT' });
    const refused = await t.send('POST', '/api/token', { form: await passwordGrant(DEMO_USERS.solo.email, 'Pas-le-bon-code-2026!') });
    expect(refused.statusCode).toBe(400);
    expect(sample(await scrape(), 'ecare_sign_in_failures_total', { reason: 'INVALID_GRANT' })).toBe(before + 1);
  });

  it('counts a limit that refuses, by its name', async () => {
    const before = sample(await scrape(), 'ecare_abuse_limit_hits_total', { limit: 'ip-login' });
    const form = await passwordGrant('personne@demo.test', 'Pas-le-bon-code-2026!');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await t.send('POST', '/api/token', { form, ip: '203.0.113.77' })).statusCode);
    expect(statuses.at(-1)).toBe(429);
    const after = await scrape();
    expect(sample(after, 'ecare_abuse_limit_hits_total', { limit: 'ip-login' })).toBe(before + 1);
    expect(sample(after, 'ecare_sign_in_failures_total', { reason: 'TOO_MANY_REQUESTS' })).toBeGreaterThanOrEqual(1);
  });

  it('times a payment from its start to the notification that settles it', async () => {
    const manager = await t.loginAs('gestionnaire');
    const [account] = bodyOf(await t.get('/api/comptes_facturation', manager), billingAccountListSchema);
    if (!account) throw new Error('demo manager without account');
    const invoice = await insertInvoice(t, account.idClientBscs, { montantTtcCentimes: 4_200, dateEcheance: dayFrom(t, -3) });
    const link = await t.send('POST', '/api/paiement/lien', { token: manager, json: { idClientBscs: account.idClientBscs, referenceNumbers: [invoice.referenceNumber] } });
    expect(link.statusCode, link.body).toBe(200);
    const { transactionReference } = bodyOf(link, paymentLinkSchema);
    const before = await scrape();
    const series = { outcome: 'ACCEPTED' };

    t.clock.advance(90_000);
    const notified = await postNotification(t.app, eventBody({ reference: transactionReference, montant: 4_200 }, t.clock.now()), { now: t.clock.now() });
    expect(notified.statusCode, notified.body).toBe(200);
    const after = await scrape();
    expect(sample(after, 'ecare_payment_notification_delay_seconds_count', series) - sample(before, 'ecare_payment_notification_delay_seconds_count', series)).toBe(1);
    expect(sample(after, 'ecare_payment_notification_delay_seconds_sum', series) - sample(before, 'ecare_payment_notification_delay_seconds_sum', series)).toBe(90);
    expect(sample(after, 'ecare_payment_notification_delay_seconds_bucket', { ...series, le: '60' })).toBe(sample(before, 'ecare_payment_notification_delay_seconds_bucket', { ...series, le: '60' }));
    expect(sample(after, 'ecare_payment_notification_delay_seconds_bucket', { ...series, le: '120' }) - sample(before, 'ecare_payment_notification_delay_seconds_bucket', { ...series, le: '120' })).toBe(1);
    // The mail it sends was delivered (the inline queue): counted, none left unsent.
    expect(sample(after, 'ecare_mail_deliveries_total', { outcome: 'sent' })).toBeGreaterThan(sample(before, 'ecare_mail_deliveries_total', { outcome: 'sent' }));
    expect(sample(after, 'ecare_mail_outbox_backlog')).toBe(0);
  });

  it('counts a failed query by its SQLSTATE', async () => {
    const before = sample(await scrape(), 'ecare_db_query_errors_total', { code: '42P01' });
    await expect(t.db.execute('select * from table_qui_n_existe_pas')).rejects.toThrow();
    expect(sample(await scrape(), 'ecare_db_query_errors_total', { code: '42P01' })).toBe(before + 1);
  });
});

describe('the request id', () => {
  let t: TestContext;
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance;
  const raw: string[] = [];
  const lines: Record<string, unknown>[] = [];
  const sent: OutgoingMail[] = [];
  const log = {
    write: (line: string) => {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  const executeSql = () => database?.executeSql ?? missingDatabase();
  beforeAll(async () => {
    // The harness's database handle, for a pg-boss queue of the app built here with its log captured.
    t = await createTestContext({ jobs: (handle) => void (database = handle) });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', PUBLIC_URL: 'https://espace-client.test', WEB_DIST: '/nonexistent' });
    app = await buildApp({
      config,
      db: t.db,
      clock: t.clock,
      jobs: (logger) => pgBossJobs(executeSql(), logger, { pollingSeconds: 0.5 }),
      mailTransport: { kind: 'smtp', send: async (mail) => void sent.push(mail), close: () => {} },
      logStream: log,
    });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('is the proxy’s when it is a short token, a new one otherwise, and is echoed', async () => {
    const given = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42:1');
    for (const insane of ['a'.repeat(65), 'deux mots', 'x"y', '']) {
      const replaced = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': insane } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const refused = await app.inject({ method: 'GET', url: '/nulle-part', headers: { 'x-request-id': 'lb-refused-1' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['x-request-id']).toBe('lb-refused-1');
  });

  it('goes with the job a request sends, the mail it queues, and their log lines', async () => {
    const requestId = `req-${newToken().slice(0, 12)}`;
    const answered = await app.inject({
      method: 'POST',
      url: '/api/clients/reset_password',
      remoteAddress: '198.51.100.201',
      cookies: { 'XSRF-TOKEN': 'x' },
      headers: { 'x-xsrf-token': 'x', 'x-request-id': requestId },
      payload: { email: DEMO_USERS.solo.email },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const [row] = await t.outbox();
    expect(row?.requestId).toBe(requestId);
    expect(row?.recipient).toBe(DEMO_USERS.solo.email);
    const { rows } = await executeSql()(`select data from pgboss.job where name = $1 and data->>'id' = $2`, [SEND_EMAIL_QUEUE, String(row?.id)]);
    expect(rows).toEqual([{ data: { id: row?.id, [JOB_REQUEST_ID]: requestId } }]);

    // pg-boss delivers it later, outside the request.
    const mail = await waitFor(() => sent.find((candidate) => candidate.headers?.['X-Request-Id'] === requestId), { timeoutMs: 20_000, what: 'the mail' });
    expect(mail.to).toBe(DEMO_USERS.solo.email);
    const delivered = await waitFor(() => lines.find((line) => line.msg === 'mail delivered' && line.outboxId === row?.id), { what: 'the delivery line' });
    expect(delivered.reqId).toBe(requestId);
    expect((await t.outbox())[0]?.sentAt).toBeInstanceOf(Date);
  });

  it('is on the lines written during a request through the app’s logger, once', async () => {
    const requestId = `req-${newToken().slice(0, 12)}`;
    const refused = await app.inject({
      method: 'POST',
      url: '/api/paiement/notification',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      payload: JSON.stringify({ id: 'evt_x' }),
    });
    expect(refused.statusCode).toBe(401);
    const line = lines.find((candidate) => candidate.msg === 'payment notification refused' && candidate.reqId === requestId);
    expect(line).toBeDefined();
    // Once on each line, whether its logger carries it (the request's) or not (the app's).
    const ofTheRequest = raw.filter((candidate) => candidate.includes(requestId));
    expect(ofTheRequest.length).toBeGreaterThanOrEqual(3);
    for (const candidate of ofTheRequest) expect(candidate.match(/"reqId":/g), candidate).toHaveLength(1);
  });

  it('is given back to a job handled later, whose log lines then carry it; a failure is counted', async () => {
    const logger = Fastify({ logger: loggerOptions({ logLevel: 'info' }, log) });
    const metrics = createMetrics({ processMetrics: false });
    const jobs = observedJobs(pgBossJobs(executeSql(), logger.log, { pollingSeconds: 0.5 }), metrics);
    await jobs.start();
    try {
      const handled: object[] = [];
      const queue = `observed-${newToken().slice(0, 8).toLowerCase()}`;
      await jobs.work<{ n: number }>(queue, async (data) => {
        handled.push(data);
        logger.log.info({ n: data.n, queue }, 'job handled');
        if (data.n === 2) throw new Error('job failed on purpose');
      }, { retryLimit: 0 });

      await runInContext({ requestId: 'req-from-a-request', metrics }, () => jobs.send(queue, { n: 1 }));
      await jobs.send(queue, { n: 2 });
      const handledLines = await waitFor(() => {
        const found = lines.filter((line) => line.msg === 'job handled' && line.queue === queue);
        return found.length === 2 && found;
      }, { timeoutMs: 20_000, what: 'both jobs handled' });
      // The handler sees the data as sent, without the id.
      expect(handled).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
      expect(handledLines.map((line) => [line.n, line.reqId]).sort()).toEqual([
        [1, 'req-from-a-request'],
        [2, undefined],
      ]);
      await waitFor(async () => sample(await metrics.scrape(), 'ecare_job_failures_total', { queue }) === 1, { what: 'the failure counted' });
    } finally {
      await jobs.stop();
      await logger.close();
    }
  });
});

describe('webhook deliveries', () => {
  it('are counted by outcome in the metrics of the work they run in', async () => {
    const statuses = [204, 500];
    const receiver = createServer((_request, response) => response.writeHead(statuses.shift() ?? 200).end());
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const metrics = createMetrics({ processMetrics: false });
    const post = (allowLoopback: boolean) => postWebhook({ url, body: '{}', headers: { 'content-type': 'application/json' }, timeoutMs: 5_000, allowLoopback });
    try {
      await runInContext({ requestId: undefined, metrics }, async () => {
        expect((await post(true)).ok).toBe(true);
        expect((await post(true)).codeHttp).toBe(500);
        expect((await post(false)).codeHttp).toBeNull();
      });
      // Outside any work context: counted nowhere.
      await post(true);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
    const text = await metrics.scrape();
    expect(['success', 'http_error', 'refused', 'timeout', 'connection_error'].map((outcome) => sample(text, 'ecare_webhook_deliveries_total', { outcome }))).toEqual([1, 1, 1, 0, 0]);
  });
});

function missingDatabase(): never {
  throw new Error('no database handle: the test context is not built yet');
}
