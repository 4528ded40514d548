import { AsyncLocalStorage } from 'node:async_hooks';
// The cookie plugin's request.cookies and reply.setCookie, which the app registers before the core.
import type {} from '@fastify/cookie';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Database, DatabaseLog } from './client.ts';
import * as schema from './schema.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * What the reads that tolerate a second of lag are handed (decision 064): drizzle without
 * transactions, since everything in a transaction runs on the primary.
 */
export type ReadDatabase = Omit<Database, 'transaction'>;

/** The replica is used only while it has replayed everything the primary had written this long ago. */
export const MAX_REPLICA_LAG_MS = 1_000;
/** How often the replica's position is compared with the primary's. */
const CHECK_EVERY_MS = 250;
/** A check that takes longer fails: a server that hangs is not one to send reads to. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Set on the answer to every successful state-changing request: for as long as it lives, that
 * browser's reads go to the primary, whichever instance serves them. It outlives the replica's
 * largest lag (the second above, plus a check's interval before a larger lag is noticed).
 */
export const RECENT_WRITE_COOKIE = 'RECENT-WRITE';
const RECENT_WRITE_SECONDS = 5;

const READ_METHODS = new Set(['GET', 'HEAD']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: a POST that only reads (its question in a body, as the spec's consumption query), routed as a GET. */
    onlyReads?: boolean;
  }
}

/**
 * SQLSTATEs of a query the replica cancelled because replaying the primary's changes needed what
 * it held (a recovery conflict): the primary answers it instead.
 */
const RECOVERY_CONFLICT_CODES = new Set(['40001', '40P01']);

/** Present while a request whose reads may go to the replica runs (a read without a recent write). */
const replicaAllowed = new AsyncLocalStorage<true>();

export interface ReadReplica {
  /** Queries go to the replica when the current request allows it and the replica is in use, else to the primary. */
  db: ReadDatabase;
  /** Which server answered the read handle's queries (a query retried on the primary counts there). */
  readonly served: { replica: number; primary: number };
  /** Why the replica is not in use (behind, unreachable…); null while it is: it answered the last check and was less than a second behind. */
  readonly unused: string | null;
  /** Decides, per request, whether its reads may go to the replica, and marks the writes' answers. */
  routeRequests(app: FastifyInstance, options: { secureCookie: boolean }): void;
  /** Stops watching the replica and closes its pool. */
  close(): Promise<void>;
}

/** A WAL position (`16/B374D848`) as a number of bytes. */
function walPosition(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** `work`'s answer, or a failure once `ms` have passed without one. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/**
 * The read replica: `replica`, a pool on a streaming replica of `primary`'s server, answers the
 * read handle's queries while it keeps up. Every CHECK_EVERY_MS its replayed WAL position is
 * compared with the position the primary had written a second earlier; an idle primary writes
 * nothing, so a replica that has replayed everything is in use however long ago the last write was.
 * A replica behind, unreachable or no longer replaying (promoted) is left until a check finds it
 * caught up again; a query it fails because it is gone, or cancels on a recovery conflict, runs
 * again on the primary, so the caller sees no error.
 */
export function openReadReplica(options: { primary: pg.Pool; replica: pg.Pool; log: () => DatabaseLog }): ReadReplica {
  const { primary, replica, log } = options;
  const served = { replica: 0, primary: 0 };
  /** Why the replica is not in use; null while it is. */
  let unusable: string | null = 'lag not measured yet';
  /** The primary's written positions, oldest first: the newest one a second old at least is what the replica must have replayed. */
  const written: { at: number; position: bigint }[] = [];

  function setUnusable(reason: string | null, details: object = {}) {
    if (reason === unusable) return;
    unusable = reason;
    if (reason === null) log().warn({}, 'read replica in use');
    else log().warn(details, `read replica not used: ${reason}; reads go to the primary`);
  }

  async function check(): Promise<void> {
    const at = performance.now();
    let position: bigint;
    try {
      const { rows } = await within(primary.query<{ written: string }>('select pg_current_wal_lsn()::text as written'), CHECK_TIMEOUT_MS);
      position = walPosition(rows[0]?.written ?? '0/0');
    } catch (error) {
      // Nothing to compare with; the reads go to the primary with the rest of the request.
      return setUnusable('primary unreachable, lag unknown', { err: error });
    }
    written.push({ at, position });
    while ((written[1]?.at ?? Infinity) <= at - MAX_REPLICA_LAG_MS) written.shift();
    let replayed: bigint;
    try {
      const { rows } = await within(
        replica.query<{ recovering: boolean; replayed: string | null }>('select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as replayed'),
        CHECK_TIMEOUT_MS,
      );
      const row = rows[0];
      if (!row?.recovering || row.replayed === null) return setUnusable('the server is not a replica');
      replayed = walPosition(row.replayed);
    } catch (error) {
      return setUnusable('unreachable', { err: error });
    }
    const reference = written[0];
    if (!reference || reference.at > at - MAX_REPLICA_LAG_MS) return setUnusable('lag not measured yet');
    if (replayed < reference.position) return setUnusable(`more than ${MAX_REPLICA_LAG_MS} ms behind`, { behindBytes: Number(position - replayed) });
    setUnusable(null);
  }

  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> = Promise.resolve();
  const watch = () => {
    checking = check().finally(() => {
      if (closed) return;
      timer = setTimeout(watch, CHECK_EVERY_MS);
      timer.unref();
    });
  };
  watch();

  /** What drizzle calls outside a transaction: one query, on the replica when allowed, else (or when it fails there) on the primary. */
  async function query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    if (unusable === null && replicaAllowed.getStore()) {
      try {
        const result = await replica.query(config, values);
        served.replica += 1;
        return result;
      } catch (error) {
        if (isDatabaseUnavailable(error)) setUnusable('unreachable', { err: error });
        else if (!RECOVERY_CONFLICT_CODES.has(String(codeOf(error)))) throw error;
      }
    }
    served.primary += 1;
    return primary.query(config, values);
  }
  // Drizzle calls only `query` on its client outside a transaction, and a ReadDatabase has none.
  const db: ReadDatabase = drizzle({ query } as unknown as pg.Pool, { schema });

  return {
    db,
    served,
    get unused() {
      return unusable;
    },
    routeRequests(app, { secureCookie }) {
      const onlyReads = (request: FastifyRequest) => READ_METHODS.has(request.method) || request.routeOptions.config.onlyReads === true;
      // Just before the handler, after the body is read: what runs from here on sees the decision.
      app.addHook('preHandler', (request, _reply, done) => {
        if (onlyReads(request) && request.cookies[RECENT_WRITE_COOKIE] === undefined) replicaAllowed.run(true, done);
        else done();
      });
      app.addHook('onSend', (request, reply, payload, done) => {
        if (WRITE_METHODS.has(request.method) && !onlyReads(request) && reply.statusCode < 400) {
          reply.setCookie(RECENT_WRITE_COOKIE, '1', { path: '/api', maxAge: RECENT_WRITE_SECONDS, httpOnly: true, sameSite: 'strict', secure: secureCookie });
        }
        done(null, payload);
      });
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await checking;
      await replica.end();
    },
  };
}
