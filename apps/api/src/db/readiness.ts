import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER, type Database } from './client.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

export interface Readiness {
  ready: boolean;
  /** 'ok', 'unreachable', 'no answer within 3 s' or 'error <SQLSTATE>'. */
  database: string;
  /** 'ok', 'n pending', 'not applied' or 'not checked'. */
  migrations: string;
  /** The underlying failure, for the log only (answers carry no internals). */
  cause?: unknown;
}

const TIMEOUT_MS = 3_000;

let expected: { count: number; last: number } | undefined;
/** The migrations this build ships (read once: they do not change while it runs). */
function shipped(): { count: number; last: number } {
  expected ??= (() => {
    const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
    return { count: files.length, last: files.at(-1)?.folderMillis ?? 0 };
  })();
  return expected;
}

/** The first row of a raw query's node-postgres result. */
function firstRow(result: unknown): Record<string, unknown> | undefined {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) return undefined;
  const [row] = result.rows as unknown[];
  return typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : undefined;
}

async function appliedMigrations(db: Database): Promise<string> {
  const { count, last } = shipped();
  const table = firstRow(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (table?.present !== true) return count === 0 ? 'ok' : 'not applied';
  // drizzle records each applied migration with its journal time (folderMillis) as created_at.
  const applied = firstRow(await db.execute(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`));
  const latest = Number(applied?.latest ?? 0);
  if (latest >= last) return 'ok';
  const pending = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).filter((m) => m.folderMillis > latest).length;
  return `${pending} pending`;
}

function withTimeout<T>(work: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Whether this instance can serve: the database answers and has every migration of this build. */
export async function checkReadiness(db: Database): Promise<Readiness> {
  try {
    const migrations = await withTimeout(appliedMigrations(db));
    if (migrations === 'timeout') return { ready: false, database: `no answer within ${TIMEOUT_MS / 1000} s`, migrations: 'not checked' };
    return { ready: migrations === 'ok', database: 'ok', migrations };
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'cause' in error ? codeOf(error.cause) : codeOf(error);
    const database = isDatabaseUnavailable(error) ? 'unreachable' : `error${code ? ` ${code}` : ''}`;
    return { ready: false, database, migrations: 'not checked', cause: error };
  }
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
