import { randomBytes } from 'node:crypto';
import { hashConfidentialCode } from '../packages/shared/src/index.ts';
import pg from 'pg';
import {
  API_ROUTE,
  BARE_ROUTE,
  DEMO_LOGIN,
  READY_ROUTE,
  READY_TIMEOUT_MS,
  REPO_ROOT,
  SERVER_LOG_LEVEL,
} from './bench-config.ts';
import { freePort, spawnManaged, type ManagedChild } from './child-process.ts';

export interface RunningServer {
  child: ManagedChild;
  baseUrl: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function describeFailure(child: ManagedChild, message: string): Error {
  const output = child.output().trim();
  return new Error(output ? `${message}\n--- ${child.name} output (tail) ---\n${output}` : message);
}

/**
 * Runs a TypeScript file with the same loader the API uses in production (node --import tsx),
 * its log (stdout) going to /dev/null: logged, as in production, but read by nobody.
 */
function spawnTs(name: string, file: string, env: NodeJS.ProcessEnv): ManagedChild {
  return spawnManaged({ name, command: process.execPath, args: ['--import', 'tsx', file], cwd: REPO_ROOT, env, stdout: 'discard' });
}

/** Polls `url` until it answers 200; stops the child and throws with its stderr otherwise. */
async function waitUntilReady(child: ManagedChild, url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.hasExited()) throw describeFailure(child, `${child.name} exited during start-up (${await child.exited})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  await child.stop();
  throw describeFailure(child, `${child.name} did not answer 200 on ${url} within ${READY_TIMEOUT_MS / 1000} s (${lastProblem})`);
}

export type ApiDatabase = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/**
 * Starts apps/api/src/server.ts as in production (NODE_ENV=production, requests logged at info
 * level) on the built web app, with `extraEnv` on top, and waits until GET /api/parametres answers 200.
 */
export async function startApi(database: ApiDatabase, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: SERVER_LOG_LEVEL,
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    SEED_DEMO: 'true',
    // What the bench measures, and nothing else: no demo usage fed every minute.
    DEMO_USAGE_FEED: 'false',
    // The load generator is one address opening up to 200 connections: no per-address cap.
    MAX_CONNECTIONS_PER_IP: '0',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (database.kind === 'pglite') env.DATA_DIR = database.dataDir;
  else env.DATABASE_URL = database.url;

  const child = spawnTs(`api (${database.kind})`, 'apps/api/src/server.ts', env);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, baseUrl + READY_ROUTE);
  return { child, baseUrl };
}

/** Starts bench/bare-server.ts (hello world, logging like the API). */
export async function startBare(): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: SERVER_LOG_LEVEL,
    NODE_ENV: 'production',
  };
  const child = spawnTs('bare Fastify', 'bench/bare-server.ts', env);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, baseUrl + BARE_ROUTE);
  return { child, baseUrl };
}

function xsrfFromSetCookie(headers: Headers): string | null {
  for (const cookie of headers.getSetCookie()) {
    const match = /^XSRF-TOKEN=([^;]*)/.exec(cookie);
    if (match?.[1]) return match[1];
  }
  return null;
}

/**
 * Logs in as the demo manager (XSRF cookie, then POST /api/token) and returns the bearer token;
 * `headers` go with both requests (the cluster's load sends each client's X-Forwarded-For).
 */
export async function login(baseUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const parameters = await fetch(baseUrl + READY_ROUTE, { headers, signal: AbortSignal.timeout(10_000) });
  await parameters.arrayBuffer();
  const xsrf = xsrfFromSetCookie(parameters.headers);
  if (!xsrf) throw new Error(`GET ${READY_ROUTE} set no XSRF-TOKEN cookie`);

  const body = new URLSearchParams({
    username: DEMO_LOGIN.username,
    password: await hashConfidentialCode(DEMO_LOGIN.username, DEMO_LOGIN.code),
    grant_type: 'password',
    captcha: '',
    ip: '',
  });
  const response = await fetch(`${baseUrl}/api/token`, {
    method: 'POST',
    body,
    headers: { ...headers, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST /api/token answered ${response.status}: ${text.slice(0, 300)}`);
  const data: unknown = JSON.parse(text);
  const token =
    typeof data === 'object' && data !== null && 'access_token' in data ? data.access_token : undefined;
  if (typeof token !== 'string' || token === '') throw new Error(`POST /api/token returned no access_token: ${text.slice(0, 300)}`);
  return token;
}

/** One GET that must answer 200; returns the body size, so a broken route fails before the load runs. */
export async function probe(url: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const body = await response.arrayBuffer();
  if (response.status !== 200) {
    throw new Error(`GET ${url} answered ${response.status}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
  }
  return body.byteLength;
}

export const apiUrl = (server: RunningServer) => server.baseUrl + API_ROUTE;
export const bareUrl = (server: RunningServer) => server.baseUrl + BARE_ROUTE;

/**
 * Connects to PostgreSQL and empties it (public and drizzle schemas) so the API migrates and
 * seeds from scratch. Returns { unreachable } when it cannot connect (the pass is then skipped).
 */
const isMissingDatabase = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === '3D000';

/** Creates the database named by `url`, connected to the server's `postgres` database; false if that fails. */
async function createDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) return false;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query(`create database "${name}"`);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Connects to the database named by `url`, creating it when the server does not have it yet,
 * and leaves its content alone. Returns { unreachable } when it cannot connect.
 */
export async function ensurePostgres(url: string): Promise<{ version: string } | { unreachable: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    if (isMissingDatabase(error) && (await createDatabase(url))) return ensurePostgres(url);
    return { unreachable: error instanceof Error ? error.message : String(error) };
  }
  try {
    const version = await client.query<{ server_version: string }>('show server_version');
    return { version: version.rows[0]?.server_version ?? 'unknown' };
  } finally {
    await client.end();
  }
}

export async function resetPostgres(url: string): Promise<{ version: string } | { unreachable: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    // A server without the bench's database yet: create it, then empty it as usual.
    if (isMissingDatabase(error) && (await createDatabase(url))) return resetPostgres(url);
    return { unreachable: error instanceof Error ? error.message : String(error) };
  }
  try {
    const version = await client.query<{ server_version: string }>('show server_version');
    await client.query('drop schema if exists public cascade');
    await client.query('drop schema if exists drizzle cascade');
    await client.query('create schema public');
    return { version: version.rows[0]?.server_version ?? 'unknown' };
  } finally {
    await client.end();
  }
}

/** A signed-in call as the web app makes it (bearer token, XSRF pair), its status and JSON answer. */
export async function call(server: RunningServer, token: string, method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; json: unknown }> {
  const xsrf = randomBytes(16).toString('hex');
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(300_000),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}
