import pg from 'pg';

/**
 * On PostgreSQL, each test worker has a database of its own, named after the one DATABASE_URL
 * names (`test` → `test_w1`, `test_w2`…), so that test files run side by side as they do on
 * PGlite: a file empties its worker's database when it starts. The API tests and the browser
 * tests (e2e/support/server.ts) run one after the other and use the same ones.
 */

/** Workers a run may have at most: Vitest starts one per core, and pool ids count from 1. */
export const MAX_TEST_WORKERS = 8;

/** DATABASE_URL with the database of test worker `worker`. */
export function workerDatabaseUrl(url: string, worker: string | number): string {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres';
  parsed.pathname = `/${encodeURIComponent(`${name}_w${worker}`)}`;
  return parsed.toString();
}

/** Vitest's global set-up of the API and browser tests: every worker's database exists before any file runs. */
export default async function createWorkerDatabases(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let worker = 1; worker <= MAX_TEST_WORKERS; worker++) {
      const name = decodeURIComponent(new URL(workerDatabaseUrl(url, worker)).pathname.slice(1));
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
    }
  } finally {
    await client.end();
  }
}
