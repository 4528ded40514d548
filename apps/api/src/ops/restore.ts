import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config/env.ts';
import { ArchiveError, extractArchive } from './archive.ts';
import { emptyFolder, hasFiles, moveContents, skipInner } from './folders.ts';
import {
  acceptMigrationLevel,
  describeLevel,
  differenceFromManifest,
  FILES_FOLDER,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  manifestSchema,
  PGLITE_FOLDER,
  POSTGRES_DUMP,
  readMigrationLevel,
  type Manifest,
  type MigrationLevel,
} from './manifest.ts';
import { holdFolder, holdsDatabase, notData, onFolder } from './pglite.ts';
import { describeDatabase } from '../db/database-url.ts';
import { isEmptyDatabase, onDatabase, restoreDatabase, schemasOf, serverConnections } from './postgres.ts';
import { Refusal, type Say } from './refusal.ts';

export interface RestoreOptions {
  /** The server's configuration: the database and the uploaded files folder it names are filled. */
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'attachmentsDir' | 's3'>;
  file: string;
  /** Replaces a database or a folder that is not empty. */
  force: boolean;
  say: Say;
}

const UNCHANGED = 'Nothing was changed.';

/**
 * `npm run restore -- <file> [--force]` (decision 065): checks that the database and the folders
 * the environment names are empty (or that --force was given) and that no server uses them,
 * unpacks the archive aside and checks it against its manifest (every file's size and SHA-256)
 * and its migration level against this build's, and only then fills them.
 */
export async function restore({ config, file, force, say }: RestoreOptions): Promise<Manifest> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Refusal(`there is no archive at ${source}.`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const where = config.databaseUrl ? describeDatabase(config.databaseUrl) : config.dataDir;
  // A PGlite folder is held from its check to its last read: no server may start on it meanwhile.
  let release = !config.databaseUrl && existsSync(config.dataDir) ? holdFolder(config.dataDir) : () => {};
  let staging: string | undefined;
  try {
    // What is there first (quick to say): refused unless empty or --force, never under a running server.
    const replace = await checkTargets(config, force, where);
    // Unpacked beside what it fills, so that the files are moved rather than copied.
    const near = kind === 'pglite' ? config.dataDir : config.s3 ? tmpdir() : config.attachmentsDir;
    await mkdir(path.dirname(near), { recursive: true });
    staging = await mkdtemp(path.join(path.dirname(near), '.ecare-restore-'));
    say(`Reading and checking ${source}…`);
    const manifest = await checkedArchive(source, staging);
    say(
      `Archive of ${manifest.createdAt}: ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${manifest.database.serverVersion}, ${describeLevel(manifest.database.migrations)}; ` +
        (manifest.uploads.storage === 'local' ? `${manifest.uploads.count} uploaded files.` : `uploaded files in the bucket ${manifest.uploads.bucket}, not in the archive.`),
    );
    if (manifest.database.kind !== kind) {
      const wanted = manifest.database.kind === 'postgres' ? 'PostgreSQL: set DATABASE_URL' : 'PGlite: unset DATABASE_URL and set DATA_DIR';
      throw new Refusal(`the archive holds a ${manifest.database.kind} database and the environment names ${kind === 'postgres' ? `PostgreSQL (${where})` : `PGlite (${where})`}; restore it into ${wanted}. ${UNCHANGED}`);
    }
    const pending = acceptMigrationLevel(manifest.database.migrations);
    const files = plannedFiles(manifest, config, say);

    // Checked: now filled.
    if (config.databaseUrl) {
      say(`Restoring the database into ${where}${replace.length > 0 ? ` (--force: its schemas ${replace.join(', ')} are replaced)` : ''}…`);
      await restoreDatabase(config.databaseUrl, path.join(staging, POSTGRES_DUMP), replace);
    } else {
      say(`Restoring the database into ${config.dataDir}${force ? ' (--force: its content is replaced)' : ''}…`);
      if (!existsSync(config.dataDir)) {
        await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
        release = holdFolder(config.dataDir);
      }
      if (force) await emptyFolder(config.dataDir, pgliteSkip(config));
      await moveContents(path.join(staging, PGLITE_FOLDER), config.dataDir);
    }
    if (files !== null) {
      say(`Restoring ${files} uploaded files into ${config.attachmentsDir}${force ? ' (--force: its content is replaced)' : ''}…`);
      if (force) await emptyFolder(config.attachmentsDir);
      await moveContents(path.join(staging, FILES_FOLDER), config.attachmentsDir);
    }

    const restored = config.databaseUrl ? await onDatabase(config.databaseUrl, readMigrationLevel) : await restoredPglite(config.dataDir);
    if (!sameLevel(restored, manifest.database.migrations)) {
      throw new Error(`the restored database reads ${describeLevel(restored)}, its archive says ${describeLevel(manifest.database.migrations)}`);
    }
    say(
      `Restore done: ${describeLevel(restored)}` +
        (pending > 0 ? `; the server applies the ${pending} later migrations of this version when it starts.` : '; the server can start on it.'),
    );
    return manifest;
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
    release();
  }
}

/** What of a PGlite folder is not the database: this command's lock, and the uploaded files when they are inside it. */
function pgliteSkip(config: Pick<Config, 'dataDir' | 'attachmentsDir'>) {
  const uploads = skipInner(config.dataDir, config.attachmentsDir);
  return (relative: string) => notData(relative) || uploads(relative);
}

/**
 * Refuses a database or a folder that is not empty (unless `force`) and a database a server uses
 * (a PGlite folder is already held by then); answers
 * the PostgreSQL schemas a forced restore replaces (none for an empty database).
 */
async function checkTargets(config: RestoreOptions['config'], force: boolean, where: string): Promise<string[]> {
  let replace: string[] = [];
  if (config.databaseUrl) {
    replace = await onDatabase(config.databaseUrl, async (query) => {
      const servers = await serverConnections(query);
      if (servers > 0) throw new Refusal(`${servers} connections of a portal server are open on ${where}: stop every server that uses it first. ${UNCHANGED}`);
      const schemas = await schemasOf(query);
      if (isEmptyDatabase(schemas)) return [];
      if (!force) {
        const held = schemas.filter((entry) => entry.objects > 0 || entry.schema !== 'public').map((entry) => `${entry.schema} (${entry.objects})`);
        throw new Refusal(`the database ${where} is not empty (schemas and their tables: ${held.join(', ')}): restore into an empty database, or run again with --force to replace its content. ${UNCHANGED}`);
      }
      return schemas.map((entry) => entry.schema);
    });
  } else {
    if (!force && (await hasFiles(config.dataDir, pgliteSkip(config)))) {
      throw new Refusal(`the folder ${config.dataDir} (DATA_DIR) is not empty: restore into a new folder, or run again with --force to replace its content. ${UNCHANGED}`);
    }
  }
  if (!config.s3 && !force && (await hasFiles(config.attachmentsDir))) {
    throw new Refusal(`the uploaded files folder ${config.attachmentsDir} is not empty: restore into an empty folder, or run again with --force to replace its content. ${UNCHANGED}`);
  }
  return replace;
}

/** The archive unpacked into `staging` and its manifest, once every entry matches it. */
async function checkedArchive(source: string, staging: string): Promise<Manifest> {
  let contents;
  try {
    contents = await extractArchive(source, staging);
  } catch (error) {
    if (error instanceof ArchiveError) throw new Refusal(`the archive is damaged or is not a backup (${error.message}). ${UNCHANGED}`);
    throw error;
  }
  if (!contents.files.some((entry) => entry.path === MANIFEST_NAME)) throw new Refusal(`the archive has no ${MANIFEST_NAME}: it is not a backup of the portal. ${UNCHANGED}`);
  let parsed;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(await readFile(path.join(staging, MANIFEST_NAME), 'utf8')));
  } catch {
    throw new Refusal(`the archive’s ${MANIFEST_NAME} is not readable JSON: the archive is damaged. ${UNCHANGED}`);
  }
  if (!parsed.success) {
    const format = parsed.error.issues.some((issue) => issue.path[0] === 'format') ? 'not a backup of the portal' : 'damaged or of another format';
    throw new Refusal(`the archive’s ${MANIFEST_NAME} is ${format} (${FORMAT} ${FORMAT_VERSION} expected). ${UNCHANGED}`);
  }
  const manifest = parsed.data;
  if (manifest.version > FORMAT_VERSION) throw new Refusal(`the archive is of format ${manifest.version}, this version of the portal reads format ${FORMAT_VERSION}: restore it with a later version. ${UNCHANGED}`);
  const difference = differenceFromManifest(contents, manifest);
  if (difference) throw new Refusal(`the archive is damaged: ${difference}. ${UNCHANGED}`);
  return manifest;
}

/** How many uploaded files the restore puts in ATTACHMENTS_DIR, or null when there is nothing for it to put there. */
function plannedFiles(manifest: Manifest, config: Pick<Config, 's3'>, say: Say): number | null {
  if (manifest.uploads.storage === 's3') {
    say(`Uploaded files: not in the archive (they were in the bucket ${manifest.uploads.bucket}): restore them from the bucket’s own backup.`);
    return null;
  }
  if (config.s3) {
    throw new Refusal(
      `the archive holds ${manifest.uploads.count} uploaded files and the environment keeps them in the bucket ${config.s3.bucket}: restore with ATTACHMENTS_DIR (no S3_*) and copy that folder into the bucket, whose layout is the same. ${UNCHANGED}`,
    );
  }
  return manifest.uploads.count;
}

async function restoredPglite(dataDir: string): Promise<MigrationLevel> {
  if (!holdsDatabase(dataDir)) throw new Error(`no database was found in ${dataDir} after the restore`);
  return onFolder(dataDir, readMigrationLevel);
}

const sameLevel = (a: MigrationLevel, b: MigrationLevel) => a.count === b.count && a.last?.createdAt === b.last?.createdAt;
