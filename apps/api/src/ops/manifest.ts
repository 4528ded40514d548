import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_FOLDER } from '../db/client.ts';
import type { ArchiveContents } from './archive.ts';
import { Refusal } from './refusal.ts';

/**
 * The manifest of a backup archive (`manifest.json`, its last entry, decision 065): what made it,
 * the database's kind and migration level, where the uploaded files were, and every other entry
 * of the archive with its size and SHA-256, checked before a restore touches anything.
 */

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'ecare-backup';
export const FORMAT_VERSION = 1;
/** PostgreSQL: the `pg_dump --format=custom` file. PGlite: its data folder. */
export const POSTGRES_DUMP = 'database.dump';
export const PGLITE_FOLDER = 'database';
/** The uploaded files folder (ATTACHMENTS_DIR), laid out as it is. */
export const FILES_FOLDER = 'files';

const migrationLevelSchema = z.object({
  /** Migrations applied (drizzle's journal in the database). */
  count: z.number().int().min(0),
  /** The last one applied: its journal time (drizzle's `created_at`) and, when this build knows it, its name. */
  last: z.object({ createdAt: z.number().int(), tag: z.string().nullable() }).nullable(),
});
export type MigrationLevel = z.infer<typeof migrationLevelSchema>;

const archivedFileSchema = z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int(),
  createdAt: z.string().datetime(),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    /** `server_version` of the database backed up. */
    serverVersion: z.string(),
    /** PostgreSQL: the pg_dump that wrote the dump (pg_restore must be as recent). */
    dumpTool: z.string().nullable(),
    migrations: migrationLevelSchema,
    bytes: z.number().int().min(0),
  }),
  uploads: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('local'), count: z.number().int().min(0), bytes: z.number().int().min(0) }),
    /** The bucket is backed up by the storage's own means: the archive has the database only. */
    z.object({ storage: z.literal('s3'), endpoint: z.string(), bucket: z.string() }),
  ]),
  entries: z.object({ files: z.array(archivedFileSchema), directories: z.array(z.string()) }),
});
export type Manifest = z.infer<typeof manifestSchema>;

const journalSchema = z.object({ entries: z.array(z.object({ when: z.number().int(), tag: z.string() })) });

let shipped: { when: number; tag: string }[] | undefined;
/** The migrations this build ships, oldest first (drizzle's journal). */
export function shippedMigrations(): { when: number; tag: string }[] {
  shipped ??= journalSchema.parse(JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'))).entries;
  return shipped;
}

export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** The migration level of a database, read from drizzle's journal table (none: a database never migrated). */
export async function readMigrationLevel(query: Query): Promise<MigrationLevel> {
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (table?.present !== true) return { count: 0, last: null };
  const [row] = await query('select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations');
  const count = Number(row?.count ?? 0);
  if (count === 0 || row?.last === null || row?.last === undefined) return { count, last: null };
  const createdAt = Number(row.last);
  return { count, last: { createdAt, tag: shippedMigrations().find((migration) => migration.when === createdAt)?.tag ?? null } };
}

export const describeLevel = (level: MigrationLevel) =>
  level.last === null ? 'no migration applied' : `${level.count} migrations, the last ${level.last.tag ?? `of ${new Date(level.last.createdAt).toISOString()}`}`;

/**
 * Whether this build can run on a database at `level`: at its last migration or an earlier one of
 * its own (the server applies the rest when it starts); a later or unknown one is refused, since
 * this code does not know the tables it left. Answers how many migrations the server will apply.
 */
export function acceptMigrationLevel(level: MigrationLevel): number {
  const migrations = shippedMigrations();
  const newest = migrations.at(-1);
  if (level.last === null) return migrations.length;
  const { createdAt } = level.last;
  const at = migrations.findIndex((migration) => migration.when === createdAt);
  if (newest && createdAt > newest.when) {
    throw new Refusal(
      `the archive's database is at a later migration (${describeLevel(level)}) than this version of the portal knows (its last is ${newest.tag}): restore it with the version that made it, or a later one. Nothing was changed.`,
    );
  }
  if (at < 0) throw new Refusal(`the archive's database is at a migration this version of the portal does not have (${describeLevel(level)}): restore it with the version that made it. Nothing was changed.`);
  return migrations.length - (at + 1);
}

const key = (entry: { path: string }) => entry.path;

/**
 * Compares what an archive held with its manifest: the same files with the same sizes and
 * checksums, the same folders, nothing more and nothing less. Answers the first difference.
 */
export function differenceFromManifest(found: ArchiveContents, manifest: Manifest): string | null {
  const expected = new Map(manifest.entries.files.map((file) => [key(file), file]));
  const seen = new Set<string>();
  for (const file of found.files) {
    if (file.path === MANIFEST_NAME) continue;
    const wanted = expected.get(file.path);
    if (!wanted) return `${file.path} is in the archive but not in its manifest`;
    if (wanted.size !== file.size) return `${file.path} has ${file.size} bytes, its manifest says ${wanted.size}`;
    if (wanted.sha256 !== file.sha256) return `${file.path} does not match its checksum`;
    seen.add(file.path);
  }
  const missing = manifest.entries.files.find((file) => !seen.has(file.path));
  if (missing) return `${missing.path} is in the manifest but not in the archive`;
  const folders = new Set(found.directories);
  const missingFolder = manifest.entries.directories.find((folder) => !folders.has(folder));
  if (missingFolder) return `the folder ${missingFolder} is in the manifest but not in the archive`;
  if (folders.size !== new Set(manifest.entries.directories).size) return 'the archive has folders its manifest does not list';
  return null;
}
