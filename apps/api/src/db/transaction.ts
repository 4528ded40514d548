import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, ExecuteSql } from './client.ts';
import * as schema from './schema.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * One open transaction, handed to the work that runs in it. Everything written through `db` and
 * `executeSql` commits or rolls back together: business rows, outbox mails and their pg-boss jobs.
 */
export interface Transaction {
  /** Drizzle on the transaction's connection: what repositories write with. */
  readonly db: Database;
  /** Raw SQL on the same connection, for libraries that bring their own queries (pg-boss's send). */
  readonly executeSql: ExecuteSql;
  /**
   * Work to run once the transaction has committed, never if it rolls back: what must not act
   * on rows that may still vanish (the inline job queue delivers a mail from here).
   */
  afterCommit(task: () => Promise<void>): void;
}

/** Runs `work` in one transaction and returns what it returns; a throw rolls everything back. */
export type Transact = <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>;

/** The node-postgres pool under a database opened by openDatabase (drizzle keeps it as `$client`). */
function poolOf(db: Database): pg.Pool {
  const client: unknown = '$client' in db ? db.$client : undefined;
  if (client instanceof pg.Pool) return client;
  throw new Error('transactions need a database opened by openDatabase (node-postgres pool)');
}

/**
 * Transactions over `db`'s pool. Each takes one connection, so that drizzle and raw SQL (pg-boss)
 * share it: drizzle's own `db.transaction` keeps its connection to itself. Inside the work, use
 * only `tx`: a query through the pool would run outside the transaction, and on PGlite (a pool
 * of one connection) wait for it forever. Nested `tx.db.transaction` calls become savepoints.
 */
export function createTransact(db: Database): Transact {
  const pool = poolOf(db);
  return async function transact<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const committed: (() => Promise<void>)[] = [];
    // While held, the connection's errors (a restart's 57P01) go to the listener openDatabase's
    // pool gives every checked-out connection; the next query here then fails as unavailable.
    const client = await pool.connect();
    let result: T;
    try {
      const executeSql: ExecuteSql = async (text, values) => ({ rows: (await client.query(text, values)).rows });
      result = await drizzle(client, { schema }).transaction((tx) =>
        work({ db: tx, executeSql, afterCommit: (task) => void committed.push(task) }),
      );
    } catch (error) {
      // A connection lost mid-transaction is not given back to the pool.
      client.release(isDatabaseUnavailable(error));
      throw error;
    }
    // Released first: on PGlite the tasks need the pool's only connection.
    client.release();
    for (const task of committed) await task();
    return result;
  };
}
