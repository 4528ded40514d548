import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import {
  API_ERRORS,
  apiErrorSchema,
  hashConfidentialCode,
  tokenErrorSchema,
  tokenResponseSchema,
  type ApiErrorBody,
  type ApiErrorCode,
} from '@ecare/shared';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { z } from 'zod';
import { desc } from 'drizzle-orm';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { DEMO_USERS, seedDemoIfEmpty } from '../db/seed/demo.ts';
import { ManualClock } from '../lib/clock.ts';
import { signInWithSecondFactor } from './second-factor.ts';
import { attachmentsFolder } from './multipart.ts';
import { recreateFromTemplate, workerDatabaseUrl } from './worker-database.ts';

/** This worker's PostgreSQL test database (test/worker-database.ts), or none: PGlite in memory. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL
  ? workerDatabaseUrl(process.env.DATABASE_URL, process.env.VITEST_POOL_ID ?? '1')
  : undefined;

/** The answer's JSON, checked against the shared schema the web app reads it with. */
export function bodyOf<Schema extends z.ZodType>(response: LightMyRequestResponse, schema: Schema): z.infer<Schema> {
  return schema.parse(response.json());
}

/** An error answer's body (`code`, French `exceptionMessage`), checked against the shared error schema. */
export function errorOf(response: LightMyRequestResponse): ApiErrorBody {
  return apiErrorSchema.parse(response.json());
}

/** An error answer: its status, and its body with the code and that code's French message. */
export function expectError(response: LightMyRequestResponse, status: number, code: ApiErrorCode): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response)).toMatchObject({ code, exceptionMessage: API_ERRORS[code].message });
}

/** An OAuth error answer of `POST /api/token` (`error`, `error_description`). */
export function tokenErrorOf(response: LightMyRequestResponse): z.infer<typeof tokenErrorSchema> {
  return tokenErrorSchema.parse(response.json());
}

/**
 * The parts of the generated OpenAPI document (GET /api/docs/json) the tests read; the document
 * comes from the documentation plugin, not from a route schema of ours.
 */
export const openApiDocumentSchema = z.object({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/**
 * This worker's PostgreSQL test database as every test file starts it: a copy of the run's migrated
 * and seeded template (test/database-template.ts), or, where no template was made (a project
 * without that set-up), emptied for the migrations and the seed to fill.
 */
async function resetPostgres(url: string): Promise<void> {
  const template = inject('postgresTemplate');
  if (template) return recreateFromTemplate(url, template);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;');
  } finally {
    await client.end();
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  /** Logs a demo (or factory-made) user in and returns the bearer token. */
  login(email: string, password: string): Promise<string>;
  loginAs(user: keyof typeof DEMO_USERS): Promise<string>;
  /** GET with a bearer token. */
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  /** A state-changing request carrying the XSRF cookie and header. */
  send(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string; form?: Record<string, string>; json?: unknown; ip?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** The outbox, newest first. */
  outbox(): Promise<(typeof emailOutbox.$inferSelect)[]>;
  /** Another API instance on the same database and clock, as behind a load balancer. */
  anotherInstance(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

const XSRF = 'test-xsrf-token-value';

let addressCounter = 0;
/** A different client address (documentation range) per request, so per-IP limits only bite where a test means them to. */
function nextAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** The real app on a fresh database (in-memory PGlite, or PostgreSQL when DATABASE_URL is set), demo data seeded. */
export interface TestOptions {
  env?: Record<string, string>;
  mailTransport?: AppOptions['mailTransport'];
  jobs?: (database: DatabaseHandle) => AppOptions['jobs'];
  /** PostgreSQL only: where the app connects instead of this worker's database (a proxy in front of it). */
  databaseUrl?: string;
}

/** The form of POST /api/token's first step, as the login page sends it (the code hashed in the browser). */
export async function passwordGrant(email: string, password: string): Promise<Record<string, string>> {
  return { username: email, password: await hashConfidentialCode(email, password), grant_type: 'password', captcha: '', ip: '' };
}

export async function createTestContext(options: TestOptions = {}): Promise<TestContext> {
  if (TEST_DATABASE_URL) await resetPostgres(TEST_DATABASE_URL);
  // Uploaded files in a folder of the test's own unless it names one: the clean-up deletes the
  // files its database does not name, and must never meet a developer's data/attachments.
  const ownAttachments = options.env?.ATTACHMENTS_DIR === undefined ? attachmentsFolder() : null;
  // No built web app unless a test names one.
  const configFor = (env: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://espace-client.test',
      WEB_DIST: '/nonexistent',
      // No usage drawn behind a test's back: a test of the demo feed turns it on.
      DEMO_USAGE_FEED: 'false',
      ...(ownAttachments ? { ATTACHMENTS_DIR: ownAttachments } : {}),
      ...options.env,
      ...env,
    });
  const config = configFor();
  // On PGlite, a copy of the run's migrated and seeded template (test/database-template.ts).
  const database = openDatabase({ databaseUrl: TEST_DATABASE_URL && (options.databaseUrl ?? TEST_DATABASE_URL), dataDir: 'memory://', pgliteTemplate: inject('pgliteTemplate') ?? undefined });
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  const clock = new ManualClock(new Date());
  const appOptions = { config, db: database.db, clock, mailTransport: options.mailTransport, jobs: options.jobs?.(database) };
  const app = await buildApp(appOptions);
  const others: FastifyInstance[] = [];

  const send: TestContext['send'] = (method, url, options = {}) =>
    app.inject({
      method,
      url,
      remoteAddress: options.ip ?? nextAddress(),
      cookies: { 'XSRF-TOKEN': XSRF },
      headers: {
        'x-xsrf-token': XSRF,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
      ...(options.json !== undefined ? { payload: options.json as object } : {}),
    });

  // The authenticator apps this context's sign-ins enrolled (administration users must have one, decision 057).
  const apps = new Map<string, { secret: string; lastStep: number }>();
  const login = async (email: string, password: string) => {
    const first = await send('POST', '/api/token', { form: await passwordGrant(email, password) });
    const response = first.statusCode === 403 ? await signInWithSecondFactor({ send, clock, apps }, email, first) : first;
    if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.body}`);
    return tokenResponseSchema.parse(response.json()).access_token;
  };

  return {
    app,
    db: database.db,
    clock,
    login,
    loginAs: (user) => login(DEMO_USERS[user].email, DEMO_USERS[user].password),
    get: (url, token) =>
      app.inject({ method: 'GET', url, remoteAddress: nextAddress(), headers: token ? { authorization: `Bearer ${token}` } : {} }),
    send,
    outbox: () => database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)),
    async anotherInstance(env) {
      const other = await buildApp({ ...appOptions, config: configFor(env) });
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await database.close();
      if (ownAttachments) rmSync(ownAttachments, { recursive: true, force: true });
    },
  };
}

/** An object standing for the one `current` gives when read, property by property. */
function standIn<Target extends object>(current: () => Target): Target {
  return new Proxy({} as Target, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
  });
}

/**
 * A test file's context (createTestContext) and what the file builds on it (a fixture such as
 * demo-fixture.ts's), made by a beforeAll hook this registers and closed by its afterAll. The
 * two objects answer for the real ones once that hook has run: read them in hooks and tests,
 * not while the file's tests are being collected.
 */
export function useTestContext<Fixture extends object>(
  fixture: (t: TestContext) => Promise<Fixture>,
  options: TestOptions = {},
): { t: TestContext; f: Fixture } {
  let made: { t: TestContext; f: Fixture } | undefined;
  beforeAll(async () => {
    const t = await createTestContext(options);
    try {
      made = { t, f: await fixture(t) };
    } catch (error) {
      await t.close();
      throw error;
    }
  });
  afterAll(() => made?.t.close());
  const ready = () => {
    if (!made) throw new Error('the test context is made in beforeAll: use it in hooks and tests only');
    return made;
  };
  return { t: standIn(() => ready().t), f: standIn(() => ready().f) };
}
