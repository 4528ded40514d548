import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env.ts';
import { ArchiveWriter, type ArchivedFile } from './archive.ts';
import { skipInner } from './folders.ts';
import {
  describeLevel,
  FILES_FOLDER,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  PGLITE_FOLDER,
  POSTGRES_DUMP,
  readMigrationLevel,
  type Manifest,
} from './manifest.ts';
import { holdFolder, holdsDatabase, notData, onFolder } from './pglite.ts';
import { describeDatabase } from '../db/database-url.ts';
import { dumpDatabase, onDatabase, pgDumpVersion, serverVersion } from './postgres.ts';
import { Refusal, type Say } from './refusal.ts';

export interface BackupOptions {
  /** The server's configuration: the database and the uploaded files it names are backed up. */
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'attachmentsDir' | 's3'>;
  /** The archive to write; it must not exist. */
  file: string;
  say: Say;
}

const sizeOf = (files: ArchivedFile[]) => files.reduce((sum, file) => sum + file.size, 0);
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * `npm run backup -- <file>` (decision 065): one archive with the database (PostgreSQL: pg_dump's
 * custom format; PGlite: its data folder, which no server may hold meanwhile), the uploaded files
 * folder (unless they are in a bucket) and a manifest. Written under a temporary name, renamed
 * once complete: a backup stopped half-way never leaves an archive that looks whole.
 */
export async function backup({ config, file, say }: BackupOptions): Promise<Manifest> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new Refusal(`${target} already exists: name another file (a backup never replaces one).`);
  if (!existsSync(path.dirname(target))) throw new Refusal(`the folder ${path.dirname(target)} does not exist.`);
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial`);
  await rm(partial, { force: true });
  const scratch = await mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}-`));
  const writer = ArchiveWriter.create(partial);
  try {
    const database = config.databaseUrl ? await backUpPostgres(config.databaseUrl, writer, scratch, say) : await backUpPglite(config, writer, say);
    let uploads: Manifest['uploads'];
    if (config.s3) {
      say(`Uploaded files: in the bucket ${config.s3.bucket} (${config.s3.endpoint}), NOT in this archive. Back the bucket up by the storage’s own means (versioning, replication, a copy with its tools).`);
      uploads = { storage: 's3', endpoint: config.s3.endpoint, bucket: config.s3.bucket };
    } else {
      say(`Uploaded files: ${config.attachmentsDir}…`);
      const files = existsSync(config.attachmentsDir) ? await writer.addFolder(FILES_FOLDER, config.attachmentsDir) : (await writer.addDirectory(FILES_FOLDER), []);
      uploads = { storage: 'local', count: files.length, bytes: sizeOf(files) };
      say(`  ${files.length} files, ${megabytes(uploads.bytes)}.`);
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database,
      uploads,
      entries: { files: [...writer.contents.files], directories: [...writer.contents.directories] },
    };
    await writer.addBytes(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.finish();
    await rename(partial, target);
    say(`Backup written to ${target}: ${manifest.entries.files.length} files and a manifest.`);
    return manifest;
  } catch (error) {
    await writer.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function backUpPostgres(databaseUrl: string, writer: ArchiveWriter, scratch: string, say: Say): Promise<Manifest['database']> {
  const where = describeDatabase(databaseUrl);
  const { level, version } = await onDatabase(databaseUrl, async (query) => ({ level: await readMigrationLevel(query), version: await serverVersion(query) }));
  say(`Database: PostgreSQL ${version}, ${where}, ${describeLevel(level)}; dumping it with pg_dump…`);
  const dumpTool = await pgDumpVersion();
  const dump = path.join(scratch, POSTGRES_DUMP);
  await dumpDatabase(databaseUrl, dump);
  const added = await writer.addFile(POSTGRES_DUMP, dump);
  if (!added) throw new Error('the dump pg_dump wrote is gone');
  say(`  ${megabytes(added.size)} dumped (${dumpTool}).`);
  return { kind: 'postgres', serverVersion: version, dumpTool, migrations: level, bytes: added.size };
}

async function backUpPglite(config: Pick<Config, 'dataDir' | 'attachmentsDir'>, writer: ArchiveWriter, say: Say): Promise<Manifest['database']> {
  const { dataDir } = config;
  if (!holdsDatabase(dataDir)) throw new Refusal(`there is no embedded database in ${dataDir} (DATA_DIR): nothing to back up.`);
  // Held until copied: a server started meanwhile refuses to open it.
  const release = holdFolder(dataDir);
  try {
    const { level, version } = await onFolder(dataDir, async (query) => ({ level: await readMigrationLevel(query), version: await serverVersion(query) }));
    say(`Database: PGlite (PostgreSQL ${version}) in ${dataDir}, ${describeLevel(level)}; copying its folder…`);
    const uploads = skipInner(dataDir, config.attachmentsDir);
    const files = await writer.addFolder(PGLITE_FOLDER, dataDir, (relative) => notData(relative) || uploads(relative));
    say(`  ${files.length} files, ${megabytes(sizeOf(files))}.`);
    return { kind: 'pglite', serverVersion: version, dumpTool: null, migrations: level, bytes: sizeOf(files) };
  } finally {
    release();
  }
}
