import pg from 'pg';

/**
 * On PostgreSQL, each test worker has a database of its own, named after the one DATABASE_URL
 * names (`test` → `test_w1`, `test_w2`…), so that test files run side by side as they do on
 * PGlite: a file (or a browser test's server) makes its worker's database again, as a copy of the
 * run's template (test/database-template.ts), when it starts. The API tests and the browser tests
 * (test/server-process.ts) run one after the other and use the same ones.
 */

/** Workers a run may have at most: Vitest starts one per core, and pool ids count from 1. */
export const MAX_TEST_WORKERS = 8;

/** `url` with the database `name`. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** DATABASE_URL with the database of test worker `worker`. */
export function workerDatabaseUrl(url: string, worker: string | number): string {
  return withDatabase(url, `${databaseName(url)}_w${worker}`);
}

/** The name of the database a PostgreSQL URL names. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/**
 * Makes the database `url` names again as a copy of `template` (test/database-template.ts): a
 * file's or a server's fresh database, migrated and seeded, in a fraction of a second where
 * emptying it and migrating and seeding it again took seconds. Whoever is still connected to the
 * old one (a pool a test left open) is disconnected. PostgreSQL copies the template only while
 * nobody is connected to it: nothing but its making ever is.
 */
export async function recreateFromTemplate(url: string, template: string): Promise<void> {
  // Connected to DATABASE_URL's own database (a worker's or a template's is never that one).
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL ?? withDatabase(url, 'postgres') });
  await client.connect();
  try {
    const name = pg.escapeIdentifier(databaseName(url));
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name} template ${pg.escapeIdentifier(template)}`);
  } finally {
    await client.end();
  }
}

/** Vitest's global set-up of the API and browser tests: every worker's database exists before any file runs. */
export default async function createWorkerDatabases(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let worker = 1; worker <= MAX_TEST_WORKERS; worker++) {
      const name = databaseName(workerDatabaseUrl(url, worker));
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
    }
  } finally {
    await client.end();
  }
}
