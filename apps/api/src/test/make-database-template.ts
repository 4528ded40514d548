import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { openDatabase } from '../db/client.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';

/**
 * Writes the tests' database template (see database-template.ts), migrated and seeded as the
 * server does it: on PostgreSQL in the (empty) database `<url>` names; on PGlite in the folder
 * `<folder>`, which is kept (the browser tests' servers start on copies of it), and PGlite's dump
 * of it in `<file>` (the API tests' in-memory databases start from it).
 */
const [kind, target, file] = process.argv.slice(2);
if (!target || (kind === 'pglite' && !file) || (kind !== 'pglite' && kind !== 'postgres')) {
  throw new Error('usage: make-database-template.ts pglite <folder> <file.tar> | postgres <url>');
}
const database = kind === 'postgres' ? openDatabase({ databaseUrl: target, dataDir: 'memory://' }) : openDatabase({ dataDir: target });
try {
  await database.migrate();
  await seedDemoIfEmpty(database.db);
} finally {
  await database.close();
}
if (kind === 'pglite' && file) {
  const copy = new PGlite(target, { extensions: { unaccent } });
  // The dump does not wait for the database to start.
  await copy.waitReady;
  writeFileSync(file, Buffer.from(await (await copy.dumpDataDir('none')).arrayBuffer()));
  await copy.close();
}
