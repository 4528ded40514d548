import { spawn } from 'node:child_process';
import pg from 'pg';
import { describeDatabase } from '../db/database-url.ts';
import type { Query } from './manifest.ts';
import { Refusal } from './refusal.ts';

/**
 * PostgreSQL's side of a backup and a restore (decision 065): pg_dump and pg_restore, whose
 * custom format any PostgreSQL installation reads, and psql to apply a restore in one transaction.
 */

/** What the backup and restore commands call themselves, not `ecare-api`: a server's connections are told apart from theirs. */
const APPLICATION_NAME = 'ecare-ops';
/** The servers' own (db/client.ts). */
const SERVER_APPLICATION_NAME = 'ecare-api';

/**
 * DATABASE_URL for libpq's tools: without its password, which goes in PGPASSWORD, since a command
 * line is visible to every user of the machine. Nothing prompts for one (`--no-password`).
 */
function libpq(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  // eslint-disable-next-line no-restricted-properties -- the tools run with the operator's environment (PGSSLMODE, PATH), plus the password
  const env: NodeJS.ProcessEnv = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return { url: url.toString(), env };
}

/** The last line a tool wrote on failure, which says why (pg_dump: error: …). */
const lastLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .at(-1) ?? '';

const notInstalled = (tool: string) =>
  new Refusal(`${tool} was not found: install PostgreSQL's client tools (the package postgresql-client), of the server's version or a later one.`);

/** Runs a tool to its end; its error output becomes the failure's reason. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? notInstalled(tool) : error));
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(lastLine(errors) || `${tool} ended with code ${code}`))));
  });
}

/** `pg_dump (PostgreSQL) 15.20`: which pg_dump writes the dump. */
export async function pgDumpVersion(): Promise<string> {
  return (await run('pg_dump', ['--version'], {})).trim();
}

/** Dumps the database into `file` in pg_dump's custom format, uncompressed (the archive is compressed as a whole). */
export async function dumpDatabase(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = libpq(databaseUrl);
  await run('pg_dump', ['--format=custom', '--compress=0', '--no-password', `--file=${file}`, `--dbname=${url}`], env);
}

/** Works on the database with one connection, which a refusal names clearly when it cannot be made. */
export async function onDatabase<T>(databaseUrl: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000, application_name: APPLICATION_NAME });
  try {
    await client.connect();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const where = describeDatabase(databaseUrl);
    if (code === '3D000') throw new Refusal(`the database ${where} does not exist: create it first (createdb, or create database in psql).`);
    throw new Refusal(`cannot connect to ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function serverVersion(query: Query): Promise<string> {
  const [row] = await query('show server_version');
  return String(row?.server_version ?? 'unknown');
}

/** The database's own schemas (every one but PostgreSQL's), with how many tables, sequences and views each holds. */
export async function schemasOf(query: Query): Promise<{ schema: string; objects: number }[]> {
  const rows = await query(`
    select n.nspname as schema, count(c.oid)::int as objects
    from pg_namespace n left join pg_class c on c.relnamespace = n.oid
    where n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
    group by n.nspname order by n.nspname`);
  return rows.map((row) => ({ schema: String(row.schema), objects: Number(row.objects) }));
}

/** Whether a database has anything in it: tables or other objects, or a schema other than an empty `public`. */
export function isEmptyDatabase(schemas: { schema: string; objects: number }[]): boolean {
  return schemas.every((entry) => entry.schema === 'public' && entry.objects === 0);
}

/** Connections of running portal servers to this database (a restore under them would pull it from under their feet). */
export async function serverConnections(query: Query): Promise<number> {
  const [row] = await query(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = '${SERVER_APPLICATION_NAME}'`,
  );
  return Number(row?.n ?? 0);
}

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Restores a custom-format dump into the database in one transaction: pg_restore writes the
 * script (no owners, no grants: the restoring role owns everything, whatever roles the source
 * had), psql runs it between BEGIN and a COMMIT sent only once pg_restore has written it all,
 * stopping at the first error, so a failed restore leaves the database as it was. `replace` lists
 * the schemas dropped first in that same transaction (`--force` on a database that has data),
 * `public` being made again empty.
 */
export async function restoreDatabase(databaseUrl: string, dump: string, replace: string[]): Promise<void> {
  const { url, env } = libpq(databaseUrl);
  const drops = replace.map((schema) => `drop schema if exists ${identifier(schema)} cascade;\n`).join('');
  const prefix = `begin;\n${replace.length === 0 ? '' : `${drops}create schema public;\n`}`;
  const script = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dump], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--no-password', '--set=ON_ERROR_STOP=1', '--file=-', `--dbname=${url}`], {
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const ended = (child: typeof psql | typeof script, tool: string) =>
    new Promise<string | null>((resolve, reject) => {
      let errors = '';
      child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? notInstalled(tool) : error));
      child.on('close', (code) => resolve(code === 0 ? null : lastLine(errors) || `${tool} ended with code ${code}`));
    });
  const applied = ended(psql, 'psql');
  // Awaited below, after pg_restore: a psql that cannot start must not count as unhandled meanwhile.
  applied.catch(() => undefined);
  // psql stopping at an error closes its input while pg_restore still writes: its answer is the one that says why.
  psql.stdin.on('error', () => undefined);
  psql.stdin.write(prefix);
  script.stdout.pipe(psql.stdin, { end: false });
  const restoreError = await ended(script, 'pg_restore').catch((error: unknown) => {
    psql.stdin.end();
    throw error;
  });
  // Without COMMIT, psql reaches the end of its input inside the transaction, which is rolled back.
  psql.stdin.end(restoreError ? '' : 'commit;\n');
  const applyError = await applied;
  if (applyError) throw new Error(`the restore was rolled back, the database is as it was: ${applyError}`);
  if (restoreError) throw new Error(`pg_restore could not read the dump, nothing was restored: ${restoreError}`);
}
