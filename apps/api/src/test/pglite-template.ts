import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite dump every in-memory test database starts from, or null on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

/**
 * Vitest's global set-up of the API tests on PGlite: one database is created, migrated and seeded
 * with the demo data once per run, and dumped; each test file's in-memory database then starts
 * from that dump (a fraction of a second) instead of an empty cluster made, migrated and seeded
 * again (several seconds each, most of a file's start). The test harness still runs the
 * migrations and the seed, which find nothing left to do.
 */
export default function createPgliteTemplate(project: TestProject): (() => void) | undefined {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return undefined;
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'ecare-test-template-'));
  const dataDir = path.join(folder, 'data');
  const file = path.join(folder, 'template.tar');
  // In a process of its own: the database thread needs Node's module resolution, which Vitest's
  // runner of set-up files does not give.
  execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'make-pglite-template.ts'), dataDir, file], { stdio: 'inherit' });
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
