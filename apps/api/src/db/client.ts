import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PgliteSocket, PgliteWorkerChannel } from './pglite-stream.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL access for libraries that bring their own queries (pg-boss). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.resolve(here, '../../drizzle');

/**
 * Starts PGlite on its own thread. The thread is TypeScript run by tsx, whose loader a worker
 * does not inherit on Node 20: the bootstrap registers it first.
 */
function startPgliteThread(dataDir: string): { channel: PgliteWorkerChannel; stop(): Promise<void> } {
  const entry = new URL('./pglite-thread.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { dataDir } });
  const channel = new PgliteWorkerChannel(worker);
  return {
    channel,
    async stop() {
      await channel.send({ close: true }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * PostgreSQL when a URL is given, else embedded PGlite: in `dataDir`, or in memory when
 * `dataDir` is 'memory://' (tests). Both go through node-postgres, so queries, prepared
 * statements and transactions behave the same; PGlite runs on its own thread with one session.
 */
export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): DatabaseHandle {
  let pool: pg.Pool;
  let stopThread = async () => {};
  if (options.databaseUrl) {
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  } else {
    if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
    const thread = startPgliteThread(options.dataDir);
    stopThread = thread.stop;
    pool = new pg.Pool({ max: 1, stream: () => new PgliteSocket(thread.channel) } as pg.PoolConfig);
  }
  const db = drizzle(pool, { schema });
  return {
    db,
    kind: options.databaseUrl ? 'postgres' : 'pglite',
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    migrate: () => migrate(db, { migrationsFolder }),
    async close() {
      await pool.end();
      await stopThread();
    },
  };
}
