import { getTableName } from 'drizzle-orm';
import { dataMigrationSql, primaryKey } from './sql.ts';
import { REFERENCE_DATA } from './index.ts';

/**
 * Prints the statements that insert declared reference rows, to paste into a data migration:
 *   npx tsx src/db/reference/print-sql.ts                 every table, every row
 *   npx tsx src/db/reference/print-sql.ts menu_items 513  only these rows of one table
 * (from apps/api). See docs/decisions/014-reference-data-and-seed.md.
 */
const [tableName, ...keys] = process.argv.slice(2);
const sets = REFERENCE_DATA.filter((set) => !tableName || getTableName(set.table) === tableName).map((set) => {
  if (keys.length === 0) return set;
  const [property = ''] = primaryKey(set.table).properties;
  return { ...set, rows: set.rows.filter((row) => keys.includes(String(row[property]))) };
});
if (sets.length === 0) {
  const known = REFERENCE_DATA.map((set) => getTableName(set.table)).join(', ');
  throw new Error(`unknown reference table ${tableName ?? ''}; known: ${known}`);
}
const text = dataMigrationSql(sets);
if (!text) throw new Error(`no declared row of ${tableName ?? ''} has the key ${keys.join(', ')}`);
console.log(text);
