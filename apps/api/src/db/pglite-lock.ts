import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The file in an embedded database's folder that names the process using it. */
export const PGLITE_LOCK_FILE = 'espace-client.pid';

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
}

/** A second process on the same embedded database would corrupt it: it refuses to start with this. */
export class DataFolderInUseError extends Error {
  constructor(dataDir: string, holder: Holder) {
    super(
      `The embedded database in ${dataDir} is used by process ${holder.pid} on ${holder.host} (started ${holder.startedAt}). ` +
        'PGlite serves one process: stop that one, or give this one another DATA_DIR, or set DATABASE_URL to run several instances on PostgreSQL. ' +
        `If no such process runs, remove ${path.join(dataDir, PGLITE_LOCK_FILE)}.`,
    );
    this.name = 'DataFolderInUseError';
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof holder.pid !== 'number' || typeof holder.host !== 'string' || typeof holder.startedAt !== 'string') return undefined;
    return { pid: holder.pid, host: holder.host, startedAt: holder.startedAt };
  } catch {
    return undefined; // unreadable or half-written: nobody holds it
  }
}

/** The folders this process holds, with when it took each. */
const heldHere = new Map<string, Holder>();

/** Whether a process of that id runs on this machine (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process, as PostgreSQL's postmaster.pid does
 * (decision 067): the file is created only if absent; one left by a process that no longer runs
 * (a kill -9, a crash) is taken over; one of a live process, or of another machine (a shared
 * folder, which this process cannot check), is refused. Returns the release, also run at exit.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, PGLITE_LOCK_FILE);
  const mine: Holder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  // A file naming this very process is one a crashed process of the same id left (a container
  // starts its server with the same id each time); a second opening in this process is known here.
  if (heldHere.has(file)) throw new DataFolderInUseError(dataDir, heldHere.get(file) ?? mine);
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && (holder.host !== mine.host || isRunning(holder.pid))) throw new DataFolderInUseError(dataDir, holder);
      unlinkSync(file);
    }
  }
  heldHere.set(file, mine);
  const release = () => {
    process.removeListener('exit', release);
    heldHere.delete(file);
    if (readHolder(file)?.pid === process.pid) unlinkSync(file);
  };
  process.on('exit', release);
  return release;
}
