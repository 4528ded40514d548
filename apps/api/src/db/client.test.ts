import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/harness.ts';
import { openDatabase } from './client.ts';
import journal from '../../drizzle/meta/_journal.json' with { type: 'json' };

/** A PostgreSQL database as new: no tables, no migration journal. */
async function emptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
  } finally {
    await client.end();
  }
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL migrations', () => {
  it('lets two instances starting at once both migrate a new database, each migration applied once', async () => {
    const url = TEST_DATABASE_URL ?? '';
    await emptyDatabase(url);
    const first = openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const second = openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    try {
      await Promise.all([first.migrate(), second.migrate()]);
      const { rows } = await first.executeSql('select hash from drizzle.__drizzle_migrations');
      expect(rows).toHaveLength(journal.entries.length);
      // The lock was given back: a later start migrates (finding nothing to do) without waiting.
      await second.migrate();
    } finally {
      await first.close();
      await second.close();
    }
  });
});
