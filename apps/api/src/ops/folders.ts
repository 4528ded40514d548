import { cp, lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The folders a backup reads and a restore fills: the PGlite data folder and the uploaded files
 * folder, which by default is inside it (DATA_DIR/attachments) and is then each one's business only.
 */

/** Paths relative to a folder that a walk of it leaves out, with everything under them. */
export type Skip = (relative: string) => boolean;

const nothing: Skip = () => false;

/** Leaves out `inner` when it is inside `folder` (the uploaded files inside the data folder). */
export function skipInner(folder: string, inner: string): Skip {
  const relative = path.relative(folder, inner).split(path.sep).join('/');
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return nothing;
  return (candidate) => candidate === relative || candidate.startsWith(`${relative}/`);
}

/** A folder's entries, none when it is not there. */
async function entriesOf(folder: string) {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
}

/** Whether a folder holds a file anywhere (folders left empty do not count), outside what `skip` leaves out. */
export async function hasFiles(folder: string, skip: Skip = nothing, relative = ''): Promise<boolean> {
  for (const entry of await entriesOf(path.join(folder, relative))) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (skip(child)) continue;
    if (!entry.isDirectory() || (await hasFiles(folder, skip, child))) return true;
  }
  return false;
}

/** Empties a folder, keeping what `skip` leaves out (and the folders that lead to it). */
export async function emptyFolder(folder: string, skip: Skip = nothing, relative = ''): Promise<void> {
  for (const entry of await entriesOf(path.join(folder, relative))) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (skip(child)) continue;
    const holdsSkipped = entry.isDirectory() && skip !== nothing && (await leadsToSkipped(folder, skip, child));
    if (holdsSkipped) await emptyFolder(folder, skip, child);
    else await rm(path.join(folder, child), { recursive: true, force: true });
  }
}

async function leadsToSkipped(folder: string, skip: Skip, relative: string): Promise<boolean> {
  for (const entry of await entriesOf(path.join(folder, relative))) {
    const child = `${relative}/${entry.name}`;
    if (skip(child) || (entry.isDirectory() && (await leadsToSkipped(folder, skip, child)))) return true;
  }
  return false;
}

/**
 * Moves a folder's entries into another (made if missing): renamed where both are on one file
 * system, copied then removed otherwise; into a folder of the same name already there, entry by entry.
 */
export async function moveContents(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await entriesOf(from)) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    const existing = await lstat(target).catch(() => null);
    if (existing?.isDirectory() && entry.isDirectory()) {
      await moveContents(source, target);
      continue;
    }
    try {
      await rename(source, target);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EXDEV') throw error;
      await cp(source, target, { recursive: true, preserveTimestamps: true });
      await rm(source, { recursive: true, force: true });
    }
  }
}
