import { getTableName, sql } from 'drizzle-orm';
import type { AttachmentStores } from '../../lib/attachments/file-store.ts';
import type { Database } from '../client.ts';
import { STORED_FILE_KINDS, storedKeys } from '../stored-files.ts';
import { REFERENCE_TABLES } from '../reference/index.ts';
import * as schema from '../schema.ts';
import { seedDemo } from './demo.ts';

/**
 * Tables whose ids are known outside the database: the job queue holds outbox ids, so their
 * numbering goes on after a reset instead of handing an old job a new message.
 */
const KEEP_NUMBERING: readonly string[] = [getTableName(schema.emailOutbox)];

/**
 * Every table of the database that is not reference data: customers, their sessions, links,
 * mails, limits. Read from the database, not from db/schema.ts, so that the tables a module keeps
 * to itself (`modules/<feature>/<feature>.schema.ts`, which this layer does not import) are
 * emptied too.
 */
export async function customerTables(db: Pick<Database, 'execute'>): Promise<string[]> {
  const result: unknown = await db.execute(sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`);
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) throw new Error('pg_tables answered no rows');
  const reference = REFERENCE_TABLES.map((table) => getTableName(table));
  return (result.rows as { tablename: string }[]).map((row) => row.tablename).filter((name) => !reference.includes(name));
}

const quoted = (tables: readonly string[]) => sql.raw(tables.map((table) => `"${table}"`).join(', '));

/**
 * Empties the customer data and loads the demo set again, in one transaction; the reference
 * data (offers, menu, server parameters, whatever an operator changed in them) stays. With the
 * file stores, the uploaded files the emptied rows named (contact attachments, termination
 * proofs, supporting documents) are deleted once that has committed; a reset stopped in between
 * leaves them to the clean-up job, which deletes files no row names. Returns how many went.
 */
export async function resetDemoData(db: Database, options: { files?: AttachmentStores } = {}): Promise<number> {
  const { files } = options;
  const tables = await customerTables(db);
  const renumbered = tables.filter((table) => !KEEP_NUMBERING.includes(table));
  const continued = tables.filter((table) => KEEP_NUMBERING.includes(table));
  const named = await db.transaction(async (tx) => {
    const keys = files ? await Promise.all(STORED_FILE_KINDS.map(async (kind) => ({ kind, keys: await storedKeys(tx, kind) }))) : [];
    await tx.execute(sql`truncate table ${quoted(renumbered)} restart identity`);
    if (continued.length > 0) await tx.execute(sql`truncate table ${quoted(continued)}`);
    await seedDemo(tx);
    return keys;
  });
  let deleted = 0;
  for (const { kind, keys } of named) {
    for (const key of keys) {
      await files?.[kind].discard(key);
      deleted += 1;
    }
  }
  return deleted;
}
