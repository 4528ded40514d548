import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { DataFolderInUseError, lockDataFolder, PGLITE_LOCK_FILE } from '../db/pglite-lock.ts';
import type { Skip } from './folders.ts';
import type { Query } from './manifest.ts';
import { Refusal } from './refusal.ts';

/**
 * PGlite's side of a backup and a restore (decision 065). PGlite is one process's database: a
 * backup or a restore takes the folder's lock as a server does (db/pglite-lock.ts, decision 067),
 * so it is refused while a server runs on the folder, and a server started meanwhile refuses to.
 */

/** PostgreSQL's own marker while the database is open (PGlite keeps one): not data, never copied. */
const POSTMASTER_PID = 'postmaster.pid';

/** Takes the folder for this command until the returned release; refused while a live process holds it. */
export function holdFolder(dataDir: string): () => void {
  try {
    return lockDataFolder(dataDir);
  } catch (error) {
    if (error instanceof DataFolderInUseError) throw new Refusal(`${error.message} Nothing was changed.`);
    throw error;
  }
}

/** The lock and PostgreSQL's marker are the running process's, not the database's. */
export const notData: Skip = (relative) => relative === PGLITE_LOCK_FILE || relative === POSTMASTER_PID;

/** Whether a folder holds a PGlite (PostgreSQL) database. */
export const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Opens the database of a folder this command holds, works on it, and closes it: after a server
 * was killed, PGlite's recovery runs on opening, so the folder is left as a clean stop leaves it.
 */
export async function onFolder<T>(dataDir: string, work: (query: Query) => Promise<T>): Promise<T> {
  // unaccent: as the server opens it (the FAQ's text search, migration 0009).
  const db = await PGlite.create(dataDir, { extensions: { unaccent } });
  try {
    return await work(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
  }
}
