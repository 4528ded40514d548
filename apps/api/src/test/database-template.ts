import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { databaseName, withDatabase } from './worker-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite dump every in-memory test database starts from, or null on PostgreSQL. */
    pgliteTemplate: string | null;
    /** The PGlite folder a test server's own folder starts as a copy of, or null on PostgreSQL. */
    pgliteTemplateDir: string | null;
    /** The PostgreSQL database every worker's database is made again from, or null on PGlite. */
    postgresTemplate: string | null;
  }
}

/** Makes the template in a process of its own: the PGlite thread needs Node's module resolution, which Vitest's runner of set-up files does not give. */
function makeTemplate(...args: string[]): void {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'make-database-template.ts'), ...args], { stdio: 'inherit' });
}

async function onAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Vitest's global set-up of the API and browser tests: one database is created, migrated and
 * seeded with the demo data once per run, and each test file's database (or browser test
 * server's) then starts as a copy of it, in a fraction of a second, instead of an empty one
 * migrated and seeded again (several seconds each, most of a file's start). The harness and the
 * server still run the migrations and the seed, which find nothing left to do.
 *
 * On PGlite: a folder, and its dump for the in-memory databases. On PostgreSQL: a database of its
 * own per project (`test` → `test_template_api`), since projects set up side by side.
 */
export default async function createDatabaseTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `${databaseName(url)}_template_${project.name}`;
    const drop = (client: pg.Client) => client.query(`drop database if exists ${pg.escapeIdentifier(template)} with (force)`);
    await onAdmin(url, async (client) => {
      await drop(client);
      await client.query(`create database ${pg.escapeIdentifier(template)}`);
    });
    makeTemplate('postgres', withDatabase(url, template));
    project.provide('pgliteTemplate', null);
    project.provide('pgliteTemplateDir', null);
    project.provide('postgresTemplate', template);
    return () => onAdmin(url, drop).then(() => undefined);
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'ecare-test-template-'));
  const dataDir = path.join(folder, 'data');
  const file = path.join(folder, 'template.tar');
  makeTemplate('pglite', dataDir, file);
  project.provide('pgliteTemplate', file);
  project.provide('pgliteTemplateDir', dataDir);
  project.provide('postgresTemplate', null);
  return async () => rmSync(folder, { recursive: true, force: true });
}
