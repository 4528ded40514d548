import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PgliteHost, type DatabaseLog } from './pglite-host.ts';
import { lockDataFolder } from './pglite-lock.ts';
import { PgliteSocket } from './pglite-stream.ts';
import { openReadReplica, type ReadReplica } from './replica.ts';
import * as schema from './schema.ts';

export type { DatabaseLog } from './pglite-host.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL access for libraries that bring their own queries (pg-boss). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool under `db` (one connection on PGlite). */
  pool: pg.Pool;
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  /** The read replica and the routing of the reads that may use it (decision 064); null without DATABASE_REPLICA_URL. */
  replica: ReadReplica | null;
  /** Where lost connections and database-thread events are logged (stderr until then). */
  useLog(log: DatabaseLog): void;
  close(): Promise<void>;
}

/** What the metrics read of a database opened here: its pool's connections, and the queries that fail. */
export interface DatabaseObserver {
  connections(): { total: number; idle: number; waiting: number };
  /** Hears every failed query (by the database or its connection) until the returned function is called. */
  onQueryError(listener: (error: unknown) => void): () => void;
}

const observers = new WeakMap<Database, DatabaseObserver>();

/** The observer of a database opened by openDatabase; undefined for any other. */
export function observeDatabase(db: Database): DatabaseObserver | undefined {
  return observers.get(db);
}

/**
 * Reports the failures of a connection's queries, whichever way they are asked: with a callback
 * (the pool's own `query`, which pg-boss uses) or a promise (drizzle, transactions). The answer
 * itself is untouched; a streamed query (a Submittable) is not watched.
 */
function reportFailedQueries(client: pg.PoolClient, report: (error: unknown) => void): void {
  const query = client.query;
  client.query = function reportingQuery(this: pg.PoolClient, ...args: unknown[]): unknown {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]): unknown => {
        if (error) report(error);
        return Reflect.apply(callback, undefined, [error, ...rest]);
      };
      return Reflect.apply(query, this, args);
    }
    const answer: unknown = Reflect.apply(query, this, args);
    if (answer instanceof Promise) answer.catch(report);
    return answer;
  } as typeof client.query;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_FOLDER = path.resolve(here, '../../drizzle');

/**
 * Key of the session-level advisory lock the migrator holds on PostgreSQL (any fixed number no
 * other code of this database locks).
 */
export const MIGRATION_LOCK_KEY = 472_019_553;

/**
 * Migrates PostgreSQL under an advisory lock, on one connection: instances starting together
 * would otherwise both create drizzle's journal and apply the same migration. The next one in
 * finds them applied. The lock goes with the connection if the process dies.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let lost = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {
        // The connection is gone, and its lock with it; it must not go back to the pool.
        lost = true;
      });
    }
  } finally {
    client.release(lost);
  }
}

/** Gives up connecting after this long, so that requests answer 503 instead of waiting on a dead host. */
const CONNECT_TIMEOUT_MS = 3_000;
/** A replica that does not answer is given up on sooner: its reads go to the primary instead of failing. */
const REPLICA_CONNECT_TIMEOUT_MS = 1_000;

/**
 * The pool of the read replica (decision 064). Only its `query` is used, which listens to the
 * connection while it runs; one that breaks while idle is dropped and reported here.
 */
function replicaPool(url: string, log: () => DatabaseLog): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'ecare-api-replica',
  });
  pool.on('error', (error) => log().warn({ err: error }, 'read replica connection lost; the next query opens a new one'));
  return pool;
}

const stderrLog: DatabaseLog = {
  warn: (object, message) => console.warn(`database: ${message}`, object),
  error: (object, message) => console.error(`database: ${message}`, object),
};

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or 'memory://' for one in memory (tests). */
  dataDir: string;
  /**
   * An in-memory database starts as a copy of this PGlite dump (a tar file) instead of an empty
   * cluster: the tests' migrated and seeded template (test/database-template.ts).
   */
  pgliteTemplate?: string | undefined;
  /** Sees every database thread started (tests stop it to check recovery). */
  onPgliteThread?: (worker: Worker) => void;
  /** A streaming replica of `databaseUrl`'s server, for the reads that tolerate a second of lag (decision 064). */
  databaseReplicaUrl?: string | undefined;
}

/**
 * PostgreSQL when a URL is given, else embedded PGlite: in `dataDir`, or in memory when
 * `dataDir` is 'memory://' (tests). Both go through node-postgres, so queries, prepared
 * statements and transactions behave the same; PGlite runs on its own thread with one session.
 */
export function openDatabase(options: OpenOptions): DatabaseHandle {
  let log = stderrLog;
  let pool: pg.Pool;
  let host: PgliteHost | undefined;
  let unlock = () => {};
  if (options.databaseUrl) {
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'ecare-api',
    });
  } else {
    const inMemory = options.dataDir.startsWith('memory://');
    if (!inMemory) {
      mkdirSync(options.dataDir, { recursive: true });
      unlock = lockDataFolder(options.dataDir);
    }
    // A new thread reopens a database on disk where it was; one in memory would come back empty.
    const thread = new PgliteHost({
      dataDir: options.dataDir,
      template: inMemory ? options.pgliteTemplate : undefined,
      restart: !inMemory,
      log: () => log,
      onThread: options.onPgliteThread,
    });
    host = thread;
    // One connection (PGlite has one session), kept while idle: its prepared statements stay planned.
    pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, stream: () => new PgliteSocket(thread) } as pg.PoolConfig);
  }
  // A connection that breaks while idle (a database restart, pg_terminate_backend) is dropped by
  // the pool, which reports it here; without a listener it would end the process.
  pool.on('error', (error) => log.warn({ err: error }, 'database connection lost; the next query opens a new one'));
  // A connection checked out of the pool (a transaction, the migrator, drizzle's own
  // transactions) has no listener of the pool's while it is held: a restart's 57P01, or the
  // socket closing, would be an unhandled 'error' event and end the process. This one is there for
  // exactly as long as it is held. The holder's next query then fails ("not queryable"), its
  // request answers 503, and the pool discards the connection when it comes back.
  const whileHeld = (error: Error) => log.warn({ err: error }, 'database connection lost while in use; its work fails as "database unavailable"');
  pool.on('acquire', (client) => client.on('error', whileHeld));
  pool.on('release', (_error, client) => client.removeListener('error', whileHeld));
  const queryErrorListeners = new Set<(error: unknown) => void>();
  pool.on('connect', (client) =>
    reportFailedQueries(client, (error) => {
      for (const listener of queryErrorListeners) listener(error);
    }),
  );
  const db = drizzle(pool, { schema });
  observers.set(db, {
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onQueryError(listener) {
      queryErrorListeners.add(listener);
      return () => queryErrorListeners.delete(listener);
    },
  });
  const replica =
    options.databaseUrl && options.databaseReplicaUrl
      ? openReadReplica({ primary: pool, replica: replicaPool(options.databaseReplicaUrl, () => log), log: () => log })
      : null;
  return {
    db,
    kind: options.databaseUrl ? 'postgres' : 'pglite',
    pool,
    replica,
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    // PGlite has one session in one process: nothing to race with.
    migrate: () => (options.databaseUrl ? migrateUnderLock(pool) : migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    useLog(next) {
      log = next;
    },
    async close() {
      await replica?.close();
      await pool.end();
      await host?.close();
      unlock();
    },
  };
}
