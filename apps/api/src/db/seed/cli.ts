import { parseArgs } from 'node:util';
import { loadConfig } from '../../config/env.ts';
import { openDatabase } from '../client.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { seedScale } from './scale.ts';

/** npm run seed [-- --accounts N]: demo data if empty, then N extra billing accounts (about 10 lines each). */
const { values } = parseArgs({ options: { accounts: { type: 'string', default: '0' } } });
const extra = Number(values.accounts);
if (!Number.isInteger(extra) || extra < 0) throw new Error('--accounts takes a whole number');

const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
const seeded = await seedDemoIfEmpty(database.db);
console.log(seeded ? 'Demo data created.' : 'Demo data already present.');
if (extra > 0) {
  const started = Date.now();
  const result = await seedScale(database.db, extra, (done) => process.stdout.write(`\r${done}/${extra} accounts`));
  console.log(`\n${result.accounts} accounts and ${result.contracts} lines added in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
await database.close();
