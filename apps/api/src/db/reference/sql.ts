import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { ReferenceSet } from './index.ts';

const BREAKPOINT = '--> statement-breakpoint';

function literal(value: unknown): string {
  if (value === undefined) return 'DEFAULT';
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  // An empty array is left untyped: PostgreSQL gives it the column's array type.
  if (Array.isArray(value) && value.length === 0) return "'{}'";
  if (Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isSafeInteger(item))) {
    return `ARRAY[${value.join(', ')}]::integer[]`;
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return `ARRAY[${value.map(literal).join(', ')}]::text[]`;
  }
  throw new Error(`no SQL literal for ${JSON.stringify(value)}`);
}

/** The primary key's properties (as rows name them) and columns (as SQL names them). */
export function primaryKey(table: PgTable): { properties: string[]; columns: string[] } {
  const config = getTableConfig(table);
  const columns = config.columns.some((column) => column.primary)
    ? config.columns.filter((column) => column.primary).map((column) => column.name)
    : (config.primaryKeys[0]?.columns.map((column) => column.name) ?? []);
  const properties = Object.entries(getTableColumns(table))
    .filter(([, column]) => columns.includes(column.name))
    .map(([property]) => property);
  return { properties, columns };
}

/**
 * One INSERT of the given rows that leaves existing rows alone (same primary key), so that it
 * can run on a database that already has some of them and changes nothing when run again.
 */
export function insertMissingSql(table: PgTable, rows: readonly Record<string, unknown>[]): string {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (const key of keys) if (!columns[key]) throw new Error(`${getTableName(table)} has no column for ${key}`);
  const names = keys.map((key) => `"${columns[key]?.name}"`);
  const target = primaryKey(table).columns.map((name) => `"${name}"`);
  if (target.length === 0) throw new Error(`${getTableName(table)} has no primary key`);
  const values = rows.map((row) => `  (${keys.map((key) => literal(row[key])).join(', ')})`);
  return `INSERT INTO "${getTableName(table)}" (${names.join(', ')}) VALUES\n${values.join(',\n')}\nON CONFLICT (${target.join(', ')}) DO NOTHING;`;
}

/** The statements of a data migration for these sets, as drizzle's migrator splits them. */
export function dataMigrationSql(sets: readonly ReferenceSet[]): string {
  return sets
    .filter((set) => set.rows.length > 0)
    .map((set) => insertMissingSql(set.table, set.rows))
    .join(`\n${BREAKPOINT}\n`);
}

/** The statements of a migration file, split as drizzle's migrator splits them. */
export function splitStatements(fileText: string): string[] {
  return fileText
    .split(BREAKPOINT)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/^--.*$/gm, '').trim().length > 0);
}
