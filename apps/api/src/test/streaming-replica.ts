import { execFile } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { waitFor } from './wait-for.ts';
import { withDatabase } from './worker-database.ts';

const run = promisify(execFile);

/**
 * A streaming replica of the local PostgreSQL server, for the read replica's tests (decision 064):
 * a second cluster copied by pg_basebackup into a temporary folder, on a free port of 127.0.0.1,
 * run by the `postgres` user (PostgreSQL refuses to run as root, which the tests are).
 */
export interface StreamingReplica {
  /** The replica's URL for the database `primaryUrl` names. */
  urlFor(primaryUrl: string): string;
  /** Runs SQL on the replica (its `postgres` database): pausing and resuming replay. */
  query(text: string): Promise<pg.QueryResult>;
  /** Stops the replica's server at once (`pg_ctl stop -m immediate`), as a crash would. */
  stop(): Promise<void>;
  /** Stops the server if it runs and removes the folder. */
  destroy(): Promise<void>;
}

/** Replication connections come from this machine only, trusted as its other connections are. */
const REPLICATION_RULE = 'host replication all 127.0.0.1/32 trust';

/** Settings a hot standby must have at least as high as its primary's, and those a session's answers depend on. */
const COPIED_SETTINGS = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
  'TimeZone',
  'DateStyle',
  'lc_messages',
  'lc_monetary',
  'lc_numeric',
  'lc_time',
  'default_text_search_config',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const asPostgres = (command: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', command, ...args]);

/**
 * Lets the primary accept replication connections from 127.0.0.1: appends the rule to its
 * pg_hba.conf and reloads it, once (a rule for replication already there is left alone).
 */
async function allowReplication(admin: pg.Client, primary: URL, bin: string): Promise<void> {
  const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_hba_file_rules where type = 'host' and 'replication' = any(database)");
  if ((rows[0]?.n ?? 0) > 0) return;
  const hba = (await admin.query<{ hba_file: string }>('show hba_file')).rows[0]?.hba_file;
  if (!hba) throw new Error('the primary does not say where its pg_hba.conf is');
  await appendFile(hba, `\n# Added by the API's read replica test (decision 064)\n${REPLICATION_RULE}\n`);
  await admin.query('select pg_reload_conf()');
  // The reload is asynchronous: done once a replication connection is let in.
  const conninfo = `host=${primary.hostname} port=${primary.port || 5432} user=${primary.username || 'postgres'} replication=true dbname=replication`;
  await waitFor(
    () =>
      run(`${bin}/psql`, [conninfo, '-c', 'IDENTIFY_SYSTEM']).then(
        () => true,
        () => false,
      ),
    { timeoutMs: 10_000, intervalMs: 100, what: 'the primary to accept replication connections' },
  );
}

async function onPrimary<T>(primaryUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The replica's slot on the primary keeps the WAL it has not received yet: without one, a primary
 * that other databases keep busy recycles it before the replica asks (`requested WAL segment …
 * has already been removed`), and the replica never catches up. Named after its creation time, so
 * that the slot of a run that died is dropped by a later one an hour on.
 */
const SLOT_PREFIX = 'ecare_test_replica_';
const STALE_SLOT_SECONDS = 3_600;

async function dropStaleSlots(admin: pg.Client): Promise<void> {
  await admin.query(
    `select pg_drop_replication_slot(slot_name) from pg_replication_slots
      where slot_name like $1 and not active and split_part(slot_name, '_', 4)::bigint < extract(epoch from now()) - $2`,
    [`${SLOT_PREFIX}%`, STALE_SLOT_SECONDS],
  );
}

/** Drops the slot once its replica has gone (its sender ends a moment after the replica does). */
async function dropSlot(primaryUrl: string, slot: string): Promise<void> {
  await onPrimary(primaryUrl, (admin) =>
    waitFor(
      async () => {
        await admin.query('select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active', [slot]);
        return (await admin.query('select 1 from pg_replication_slots where slot_name = $1', [slot])).rowCount === 0;
      },
      { timeoutMs: 10_000, intervalMs: 100, what: `the replication slot ${slot} to be dropped` },
    ),
  );
}

/** Copies the server `primaryUrl` runs on and starts the copy as its streaming replica; returns once it streams. */
export async function startStreamingReplica(primaryUrl: string): Promise<StreamingReplica> {
  const primary = new URL(primaryUrl);
  const { bin, settings } = await onPrimary(primaryUrl, async (admin) => {
    const version = Number((await admin.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0]?.v);
    const bin = `/usr/lib/postgresql/${Math.floor(version / 10_000)}/bin`;
    await allowReplication(admin, primary, bin);
    await dropStaleSlots(admin);
    const settings = (await admin.query<{ name: string; setting: string }>('select name, setting from pg_settings where name = any($1)', [COPIED_SETTINGS])).rows;
    return { bin, settings };
  });

  const folder = await mkdtemp(path.join(os.tmpdir(), 'ecare-replica-'));
  const data = path.join(folder, 'data');
  const slot = `${SLOT_PREFIX}${Math.floor(Date.now() / 1000)}_${process.pid}`;
  const port = await freePort();
  let started = false;
  let slotMade = false;
  const destroy = async () => {
    if (started) await asPostgres(`${bin}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    started = false;
    if (slotMade) await dropSlot(primaryUrl, slot);
    slotMade = false;
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await run('chown', ['postgres:postgres', folder]);
    // -C -S: the slot, made as the copy starts; -R: standby.signal, primary_conninfo and
    // primary_slot_name; -X stream: the WAL written during the copy comes along.
    slotMade = true;
    await asPostgres(`${bin}/pg_basebackup`, [
      ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', primary.username || 'postgres'],
      ...['-D', data, '-C', '-S', slot, '-R', '-X', 'stream', '-c', 'fast'],
    ]);
    const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
    const conf = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = ${quote(folder)}`,
      'hot_standby = on',
      'shared_buffers = 32MB',
      ...settings.map(({ name, setting }) => `${name} = ${quote(setting)}`),
    ];
    await writeFile(path.join(data, 'postgresql.conf'), `${conf.join('\n')}\n`);
    await writeFile(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    await run('chown', ['-R', 'postgres:postgres', folder]);
    await asPostgres(`${bin}/pg_ctl`, ['-D', data, '-l', path.join(folder, 'server.log'), '-w', '-t', '60', 'start']);
    started = true;
  } catch (error) {
    await destroy();
    throw error;
  }

  const urlFor = (url: string) => {
    const replica = new URL(url);
    replica.hostname = '127.0.0.1';
    replica.port = String(port);
    return replica.toString();
  };
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: withDatabase(urlFor(primaryUrl), 'postgres') });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  try {
    await waitFor(async () => (await query('select status from pg_stat_wal_receiver')).rows[0]?.status === 'streaming', {
      timeoutMs: 30_000,
      intervalMs: 100,
      what: 'the replica to stream from the primary',
    });
  } catch (error) {
    const log = await readFile(path.join(folder, 'server.log'), 'utf8').catch(() => '');
    await destroy();
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the replica's log ends with:\n${log.split('\n').slice(-15).join('\n')}`, { cause: error });
  }
  return {
    urlFor,
    query,
    async stop() {
      await asPostgres(`${bin}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      started = false;
    },
    destroy,
  };
}
