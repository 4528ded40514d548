import { rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { openDatabase } from '../db/client.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';

/**
 * Writes the tests' PGlite template (see pglite-template.ts): a database migrated and seeded in
 * `<folder>` as the server does it, then PGlite's dump of it in `<file>`; the folder is removed.
 */
const [folder, file] = process.argv.slice(2);
if (!folder || !file) throw new Error('usage: make-pglite-template.ts <folder> <file.tar>');
const database = openDatabase({ dataDir: folder });
try {
  await database.migrate();
  await seedDemoIfEmpty(database.db);
} finally {
  await database.close();
}
const copy = new PGlite(folder, { extensions: { unaccent } });
// The dump does not wait for the database to start.
await copy.waitReady;
writeFileSync(file, Buffer.from(await (await copy.dumpDataDir('none')).arrayBuffer()));
await copy.close();
rmSync(folder, { recursive: true, force: true });
