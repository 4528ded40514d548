import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
// The templates' names in Vitest's provided context.
import type {} from './database-template.ts';
import { recreateFromTemplate, workerDatabaseUrl } from './worker-database.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * This test worker's PostgreSQL database, when DATABASE_URL is set: test files that start servers
 * run side by side, each worker on a database of its own (`test` → `test_w1`…), as the API tests do.
 */
export function e2eDatabaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url ? workerDatabaseUrl(url, process.env.VITEST_POOL_ID ?? '1') : undefined;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash or an out-of-memory kill would; the database stays as it was left. */
  kill(): Promise<void>;
  /** Sends SIGTERM, as a deployment does, and resolves with the exit code once the process has stopped by itself. */
  terminate(): Promise<number | null>;
}

export interface ServerOptions {
  env?: Record<string, string>;
  /** The port to listen on (a restart keeps its address, and the links it gave); a free one by default. */
  port?: number;
  /**
   * A PGlite folder of the caller's, kept when the server stops (a restart finds its data): an
   * empty one is first filled from the run's template (unless `resetDatabase` is false), one with
   * data is used as it is.
   */
  dataDir?: string;
  /**
   * The database starts as the run's migrated and seeded template (test/database-template.ts): on
   * PostgreSQL (DATABASE_URL) the worker's database is made again from it, in an empty PGlite
   * folder it is copied. False keeps the database as it is, for a restart. Default true.
   */
  resetDatabase?: boolean;
}

/** The run's templates, where this project's global set-up made them (test/database-template.ts); none with SEED_DEMO=false, which wants an empty database. */
function templates(env: Record<string, string>): { pglite?: string | null; postgres?: string | null } {
  if ((env.SEED_DEMO ?? process.env.SEED_DEMO) === 'false') return {};
  return { pglite: inject('pgliteTemplateDir'), postgres: inject('postgresTemplate') };
}

const isEmptyFolder = (folder: string) => !existsSync(folder) || readdirSync(folder).length === 0;

/** The database the server starts on, as `resetDatabase` asks (see ServerOptions). */
async function prepareDatabase(databaseUrl: string | undefined, dataDir: string, env: Record<string, string>): Promise<void> {
  const template = templates(env);
  if (databaseUrl) {
    if (template.postgres) return recreateFromTemplate(databaseUrl, template.postgres);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // The worker's database also serves the API tests: their job queue goes with the rest.
    await client.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;');
    await client.end();
  } else if (template.pglite && isEmptyFolder(dataDir)) {
    cpSync(template.pglite, dataDir, { recursive: true });
  }
}

/**
 * The database a server started with `resetDatabase: false` finds, made from the run's template
 * without starting one first: this worker's PostgreSQL database made again, or `dataDir` filled.
 * A test writes its own rows into it, then starts the server on it.
 */
export async function prepareServerDatabase(dataDir: string, env: Record<string, string> = {}): Promise<void> {
  await prepareDatabase(e2eDatabaseUrl(), dataDir, env);
}

/**
 * Starts the real server (`npm start`'s entry point) on the built web app (when there is one) and
 * a throw-away database made from the run's template: a temporary PGlite folder, or this worker's
 * PostgreSQL database when DATABASE_URL is set. A restart passes the first start's port, its
 * `dataDir` and `resetDatabase: false`.
 */
export async function startServer({ env = {}, port: wantedPort, dataDir: givenDataDir, resetDatabase = true }: ServerOptions = {}): Promise<RunningServer> {
  const port = wantedPort ?? (await freePort());
  const dataDir = givenDataDir ?? mkdtempSync(path.join(tmpdir(), 'ecare-e2e-'));
  const removeDataDir = () => {
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const databaseUrl = e2eDatabaseUrl();
  if (resetDatabase) await prepareDatabase(databaseUrl, dataDir, env);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      // The mailbox and the parameter switch drive the e-mail and maintenance journeys.
      DEV_TOOLS: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A fixed key, as production has: without one the server warns that e-mailed eSIM links die with it.
      ESIM_LINK_SECRET: 'e2e-esim-link-secret-0123456789abcdef',
      // Likewise the secret the payment provider signs its notifications with.
      PAYMENT_PROVIDER_SECRET: 'e2e-payment-provider-secret-0123456789',
      // The figures a journey reads stay put: no demo usage fed every minute.
      DEMO_USAGE_FEED: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      // A server that accepts the connection and never answers is not started either.
      if ((await fetch(`${url}/api/parametres`, { signal: AbortSignal.timeout(5_000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not start within 90 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      removeDataDir();
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      removeDataDir();
    },
    async terminate() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
