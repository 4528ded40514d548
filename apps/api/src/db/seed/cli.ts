import { parseArgs } from 'node:util';
import { loadConfig } from '../../config/env.ts';
import { createFileStore } from '../../lib/attachments/file-store.ts';
import { openDatabase } from '../client.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { describeDatabase, isLocalDatabase } from '../database-url.ts';
import { resetDemoData } from './reset.ts';
import { seedScale } from './scale.ts';

/**
 * npm run seed [-- --reset [--force]] [-- --accounts N]
 * Migrates (which loads the reference data), then loads the demo data if the database has no
 * customer yet; --reset empties the customer data first, with the uploaded files its rows name,
 * and reloads the demo set (a database that is not on this machine only with --force);
 * --accounts adds N billing accounts (about 10 lines each) after whatever is there.
 */
const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '0' },
    reset: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
  },
});
const extra = Number(values.accounts);
if (!Number.isInteger(extra) || extra < 0) throw new Error('--accounts takes a whole number');
if (values.force && !values.reset) throw new Error('--force only goes with --reset');

const config = loadConfig();
if (values.reset && !values.force && !isLocalDatabase(config.databaseUrl)) {
  console.error(
    `Refusing to reset ${describeDatabase(config.databaseUrl)}: it is not a local database. ` +
      'Run again with --reset --force to empty its customer data anyway.',
  );
  process.exit(1);
}

const database = openDatabase(config);
try {
  await database.migrate();
  if (values.reset) {
    // The uploaded files go through the store the server uses: the local folder or the bucket.
    const store = await createFileStore(config);
    const files = await resetDemoData(database.db, { files: store }).finally(() => store.close());
    console.log(
      `Demo data reset on ${describeDatabase(config.databaseUrl)}: customer data emptied with its ${files} uploaded file(s), demo set reloaded, reference data kept.`,
    );
  } else {
    const seeded = await seedDemoIfEmpty(database.db);
    console.log(seeded ? 'Demo data created.' : 'Demo data already present.');
  }
  if (extra > 0) {
    const started = Date.now();
    const result = await seedScale(database.db, extra, (done) => process.stdout.write(`\r${done}/${extra} accounts`));
    console.log(`\n${result.accounts} accounts and ${result.contracts} lines added in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} finally {
  await database.close();
}
