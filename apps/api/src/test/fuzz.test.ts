import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccountListSchema, hashConfidentialCode, tokenResponseSchema } from '@ecare/shared';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { crawlKnownValues } from './fuzz/crawl.ts';
import { planVariants } from './fuzz/generator.ts';
import { discoverOperations, routePath, type Operation } from './fuzz/operations.ts';
import { failureReport, perOperationTable } from './fuzz/report.ts';
import { runPlan, type RunResult } from './fuzz/runner.ts';
import { bodyOf, createTestContext, type TestContext } from './harness.ts';

/*
 * Robustness of the whole HTTP surface: every operation of the OpenAPI document, and every
 * route the router serves besides, gets malformed variants of its path parameters, query,
 * headers and body (fuzz/), each sent anonymously and then with a demo user's session and the
 * XSRF pair. No answer may be a server error (a 503 with a JSON code excepted), show internals,
 * break the API's error shape, let a NUL through or accept a state change without the XSRF
 * pair; afterwards the app, and another instance on the same database, still serve.
 * A failure lists each distinct (route, rule) once, worst first, with a request to replay.
 */

/**
 * Replay another run with FUZZ_SEED=<n>; FUZZ_LOG_LEVEL=error shows the server's own error lines;
 * FUZZ_REPORT=<file> writes every failure as JSON.
 */
const DEFAULT_SEED = 20_260_115;
const seed = Number.parseInt(process.env.FUZZ_SEED ?? String(DEFAULT_SEED), 10);
/**
 * At least this many requests in all; each route gets its share, and at least MIN_PER_OPERATION
 * variants (30 since the CI budget of November 2026: about 21,700 requests a run, half as many).
 */
const MIN_REQUESTS = 5_000;
const MIN_PER_OPERATION = 30;
/**
 * Demo users taking turns on the authenticated pass: the manager reaches every customer
 * handler with real data, the administrator the administration-only ones. The checks
 * afterwards log another user in, whom no fuzzed request can have locked out.
 */
const FUZZED_USERS = ['gestionnaire', 'gestionnaire', 'gestionnaire', 'administration'] as const;
type DemoUser = keyof typeof DEMO_USERS;
const CHECK_USER: DemoUser = 'mandataire';
const XSRF = 'fuzz-xsrf-token-value';
const ANSWER_WITHIN_MS = 15_000;

let t: TestContext;
let webDist: string;
/** Where the contact form's attachments the run sends are written, removed afterwards. */
let attachments: string;
let operations: Operation[];
let run: RunResult | undefined;

/** A stand-in built web app, so that /ecare/* static serving is fuzzed too. */
function fakeWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'ecare-fuzz-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Espace client</title>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
  return dist;
}

async function answered<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ANSWER_WITHIN_MS} ms (database wedged?)`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A normal login as the browser does it, on any instance. */
async function login(app: FastifyInstance, user: DemoUser): Promise<string> {
  const { email, password } = DEMO_USERS[user];
  const response = await answered(
    app.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: '192.0.2.10',
      cookies: { 'XSRF-TOKEN': XSRF },
      headers: { 'x-xsrf-token': XSRF, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: email, password: await hashConfidentialCode(email, password), grant_type: 'password' }).toString(),
    }),
    `login of ${user}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, tokenResponseSchema).access_token;
}

async function expectAccounts(app: FastifyInstance, token: string): Promise<void> {
  const response = await answered(app.inject({ method: 'GET', url: '/api/comptes_facturation', headers: { authorization: `Bearer ${token}` } }), 'GET /api/comptes_facturation');
  expect(response.statusCode, response.body).toBe(200);
  expect(bodyOf(response, billingAccountListSchema).length).toBeGreaterThan(0);
}

beforeAll(async () => {
  webDist = fakeWebDist();
  attachments = mkdtempSync(path.join(tmpdir(), 'ecare-fuzz-attachments-'));
  // The development tools are among the routes probed.
  t = await createTestContext({ env: { WEB_DIST: webDist, ATTACHMENTS_DIR: attachments, LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent', DEV_TOOLS: 'true' } });
  await t.app.ready();
  operations = discoverOperations(t.app);
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(attachments, { recursive: true, force: true });
});

describe('HTTP API fuzzing from the OpenAPI document', () => {
  it('finds every documented operation and the routes the document hides', () => {
    const documented = operations.filter((operation) => operation.documented);
    expect(documented.length).toBeGreaterThan(10);
    // The stand-in web app's pages are served but not documented: the router finds them.
    expect(operations.some((operation) => !operation.documented && operation.template.startsWith('/ecare/'))).toBe(true);
    // The route tree is read from Fastify's printout: every route read from it must be one the router knows.
    for (const operation of operations) {
      expect(t.app.hasRoute({ method: operation.method as HTTPMethods, url: routePath(operation.template) }), operation.key).toBe(true);
    }
  });

  it('answers thousands of malformed requests on every route without a server error, a leak or a stray error shape', async () => {
    const tokens = new Map<string, string>();
    const isDemoUser = (user: string): user is DemoUser => user in DEMO_USERS;
    const sessions = {
      token: (user: string) => tokens.get(user) ?? '',
      async renew(user: string) {
        if (!isDemoUser(user)) throw new Error(`not a demo user: ${user}`);
        // Fuzzed wrong codes (e-mail or code change) count as failed logins of this user: past
        // the failure window a login is allowed again.
        const fresh = await t.loginAs(user).catch(() => {
          t.clock.advance(60 * 60_000);
          return t.loginAs(user);
        });
        tokens.set(user, fresh);
      },
    };
    for (const user of new Set(FUZZED_USERS)) await sessions.renew(user);
    const token = sessions.token(FUZZED_USERS[0]);
    const known = await crawlKnownValues(t.app, operations, token);
    const perOperation = Math.max(MIN_PER_OPERATION, Math.ceil(MIN_REQUESTS / 2 / operations.length));
    const plan = planVariants(operations, seed, perOperation);
    const started = performance.now();
    run = await runPlan({
      app: t.app,
      operations,
      known,
      plan,
      sessions,
      users: [...FUZZED_USERS],
      xsrf: XSRF,
      answerWithinMs: ANSWER_WITHIN_MS,
      healthy: async () => (await t.get('/api/comptes_facturation', sessions.token(FUZZED_USERS[0]))).statusCode < 500,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz seed ${seed} (replay with FUZZ_SEED=${seed}): ${run.sent} requests on ${operations.length} operations in ${seconds} s\n${perOperationTable(run)}`,
    );

    expect(run.sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    for (const operation of operations) expect(run.perOperation.get(operation.key) ?? 0, operation.key).toBeGreaterThanOrEqual(2 * MIN_PER_OPERATION);
    const dump = process.env.FUZZ_REPORT;
    if (dump) writeFileSync(dump, JSON.stringify(run.failures, null, 1));
    if (run.failures.length || run.aborted) expect.fail(failureReport(run, seed));
  }, 300_000);

  it('still logs a user in and serves their billing accounts afterwards', async () => {
    expect(run, 'the fuzz run did not finish').toBeDefined();
    await expectAccounts(t.app, await login(t.app, CHECK_USER));
  });

  it('serves from a second instance on the same database afterwards', async () => {
    const other = await t.anotherInstance();
    await expectAccounts(other, await login(other, CHECK_USER));
  });
});
