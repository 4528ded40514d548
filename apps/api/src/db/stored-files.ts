import { inArray, isNotNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StoredFileKind } from '../lib/attachments/file-store.ts';
import type { Database } from './client.ts';
import { customerDocuments, reportSendings, supportTickets, terminationAttachments } from './schema.ts';

/**
 * The column that names each kind's stored files (lib/attachments/file-store.ts): a file whose key
 * none of its rows holds belongs to nothing. A table that comes to reference stored files is
 * added here, and the clean-up and the demo reset then know of it.
 */
const KEY_COLUMNS = {
  contact: supportTickets.pieceJointeCle,
  termination: terminationAttachments.cle,
  pieces: customerDocuments.cleStockage,
  rapports: reportSendings.cleFichier,
} as const satisfies Record<StoredFileKind, PgColumn>;

export const STORED_FILE_KINDS = Object.keys(KEY_COLUMNS) as StoredFileKind[];

/** Which of `keys` a row of `kind` names. */
export async function referencedKeys(db: Database, kind: StoredFileKind, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const column = KEY_COLUMNS[kind];
  const rows = await db.select({ key: column }).from(column.table).where(inArray(column, [...keys]));
  return new Set(rows.flatMap((row) => (row.key === null ? [] : [row.key])));
}

/** Every key each kind's rows name (the demo reset deletes their files with the rows). */
export async function storedKeys(db: Database, kind: StoredFileKind): Promise<string[]> {
  const column = KEY_COLUMNS[kind];
  const rows = await db.select({ key: column }).from(column.table).where(isNotNull(column));
  return rows.flatMap((row) => (row.key === null ? [] : [row.key]));
}
