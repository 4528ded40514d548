import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ExecuteSql } from '../db/client.ts';
import type { Transaction } from '../db/transaction.ts';
import { isTransactionConflict } from '../db/conflict.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { requestTagged, requestUntagged, withRequestId } from '../platform/observability/index.ts';

export type JobHandler<Data extends object> = (data: Data) => Promise<void>;

export interface QueueOptions {
  /** Attempts after a failed one (0: none). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Doubles the delay at each retry. */
  retryBackoff?: boolean;
  /**
   * How long a job may run before it is taken for lost (its instance gone without failing it, as
   * in a crash) and retried; pg-boss's default is 15 minutes.
   */
  expireInSeconds?: number;
}

/** The jobs of one fetch, handled together (workBatch). */
export type BatchHandler<Data extends object> = (items: Data[]) => Promise<void>;

export interface SendOptions {
  /** The transaction the job belongs to: it exists, and runs, only once that commits. */
  tx?: Transaction;
}

/** Background work, handed to the modules through the core. */
export interface Jobs {
  /** Handles the jobs of `queue`; every instance works it, each job is handled by one of them. */
  work<Data extends object>(queue: string, handler: JobHandler<Data>, options?: QueueOptions): Promise<void>;
  /**
   * As `work`, the jobs waiting taken `batchSize` at a time and handed together, for a queue fed
   * faster than a worker fetches (it waits for its polling interval between fetches) whose jobs
   * are cheaper handled as one. A failure retries them all: only for jobs that may run twice.
   */
  workBatch<Data extends object>(queue: string, handler: BatchHandler<Data>, options: QueueOptions & { batchSize: number }): Promise<void>;
  /** Queues a job on a queue this instance works. */
  send(queue: string, data: object, options?: SendOptions): Promise<void>;
  /** Runs `handler` at every time `cron` (UTC) gives, on one instance each time. */
  schedule(name: string, cron: string, handler: () => Promise<void>): Promise<void>;
  /** Stops queuing `name` at its times (a schedule is kept in the database, across restarts). */
  unschedule(name: string): Promise<void>;
}

/** Jobs waiting in one queue and state ('created': not tried yet; 'retry': to be tried again). */
export interface WaitingJobCount {
  queue: string;
  state: string;
  count: number;
}

/** The queue as the core runs it: started before the modules register, stopped with the app. */
export interface JobRunner extends Jobs {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The jobs waiting, by queue and state, for the metrics; a queue that keeps none (inline) has no such count. */
  waiting?(): Promise<WaitingJobCount[]>;
}

/** A handler stored with others of any data type; the data of a queue is what its senders gave. */
const untyped = <Data extends object>(handler: JobHandler<Data>): JobHandler<object> => (data) => handler(data as Data);

/** Inline jobs plus what tests need to see and trigger schedules. */
export interface InlineJobs extends JobRunner {
  schedules(): { name: string; cron: string }[];
  /** Runs a scheduled handler now, as its time coming would; its failure is thrown. */
  runScheduled(name: string): Promise<void>;
}

/**
 * Runs each job at once in the sending process, after the commit of the transaction it was sent
 * in; nothing polls and schedules only run when asked. For tests and single-process tools. A
 * failed job is logged, not thrown: as with a queue, the sender has already succeeded.
 */
export function inlineJobs(log?: FastifyBaseLogger): InlineJobs {
  const handlers = new Map<string, JobHandler<object>>();
  const scheduled = new Map<string, { cron: string; handler: () => Promise<void> }>();

  async function run(queue: string, handler: JobHandler<object>, data: object): Promise<void> {
    await handler(data).catch((error: unknown) => log?.error({ err: error, queue }, 'job failed'));
  }

  return {
    async start() {},
    async stop() {
      handlers.clear();
      scheduled.clear();
    },
    async work(queue, handler) {
      handlers.set(queue, untyped(handler));
    },
    async workBatch<Data extends object>(queue: string, handler: BatchHandler<Data>) {
      handlers.set(queue, untyped<Data>((data) => handler([data])));
    },
    async send(queue, data, { tx } = {}) {
      const handler = handlers.get(queue);
      if (!handler) throw new Error(`no worker for the job queue ${queue}`);
      if (tx) tx.afterCommit(() => run(queue, handler, data));
      else await run(queue, handler, data);
    },
    async schedule(name, cron, handler) {
      scheduled.set(name, { cron, handler });
    },
    async unschedule(name) {
      scheduled.delete(name);
    },
    schedules: () => [...scheduled].map(([name, { cron }]) => ({ name, cron })),
    async runScheduled(name) {
      const job = scheduled.get(name);
      if (!job) throw new Error(`nothing scheduled as ${name}`);
      await job.handler();
    },
  };
}

/** pg-boss's record of a job's end (`complete`, `fail`): `WITH results AS (UPDATE …)`, `WITH deleted_jobs AS (DELETE …)`. */
const JOB_END_RECORD = /^\s*WITH (?:results|deleted_jobs) AS \(/;

/** node-postgres's refusal once its pool is closed: the app stopped while a job's end was still to be recorded. */
const POOL_CLOSED = 'Cannot use a pool after calling end on the pool';

/**
 * The SQL pg-boss runs. Its workers do not await the record of a job's end: a database lost at
 * that moment (or the pool closed by a stop that came just after the job) would reject with no
 * one to catch it, which ends the process. That record only is given up (as "no job changed"),
 * logged: the job stays active, expires and is retried.
 */
export function jobQueueSql(executeSql: ExecuteSql, log: FastifyBaseLogger): ExecuteSql {
  return async (text, values) => {
    try {
      return await executeSql(text, values);
    } catch (error) {
      const lost = isDatabaseUnavailable(error) || (error instanceof Error && error.message === POOL_CLOSED);
      if (!JOB_END_RECORD.test(text) || !lost) throw error;
      log.warn({ err: error }, 'job queue: the end of a job could not be recorded (database unavailable); it will expire and be retried');
      return { rows: [{ count: '0' }] };
    }
  };
}

/**
 * The jobs waiting, counted on pg-boss's partial index of them (`job_i5`: state below 'active'),
 * so that a scrape costs little however many finished jobs the table keeps.
 */
const WAITING_JOBS_SQL = `SELECT name, state::text AS state, count(*)::int AS count FROM pgboss.job WHERE state < 'active' GROUP BY name, state`;

/** Tries of a queue's creation that a concurrent creation deadlocked (instances starting together). */
const QUEUE_CREATION_ATTEMPTS = 5;

/** A scheduled job is due at most this long before a worker takes it; hourly work needs no more. */
const SCHEDULED_POLLING_SECONDS = 30;

/**
 * pg-boss on the application database, one instance per process: jobs are rows of the `pgboss`
 * schema, fetched by exactly one worker across all instances and retried with back-off; a job
 * sent in a transaction is inserted on its connection, so it commits or rolls back with it.
 * Schedules are kept in the database; each occurrence is queued once, whatever the instances.
 */
export function pgBossJobs(
  executeSql: ExecuteSql,
  log: FastifyBaseLogger,
  options: { pollingSeconds?: number; /** How long running jobs have to finish at a stop (default 5 s). */ stopTimeoutMs?: number } = {},
): JobRunner {
  // pg-boss runs its SQL through the application's pool, which reconnects by itself: while the
  // database is away its polling fails and reports here, and it resumes on the next poll.
  const boss = new PgBoss({ db: { executeSql: jobQueueSql(executeSql, log) } });
  boss.on('error', (error) => {
    if (isDatabaseUnavailable(error)) log.warn({ err: error }, 'job queue: database unavailable, retrying');
    else log.error({ err: error }, 'job queue error');
  });
  const queues = new Set<string>();
  let started = false;
  let stopping: Promise<void> | undefined;

  async function createQueue(name: string, { retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds }: QueueOptions): Promise<void> {
    // pg-boss refuses an option given as undefined: only those set are passed.
    const options = {
      name,
      ...(retryLimit === undefined ? {} : { retryLimit }),
      ...(retryDelaySeconds === undefined ? {} : { retryDelay: retryDelaySeconds }),
      ...(retryBackoff === undefined ? {} : { retryBackoff }),
      ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
    };
    // Instances starting together on a new database create the same queues at once, and
    // pg-boss's partitions deadlock one of them now and then: that one tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name, options);
        break;
      } catch (error) {
        if (!isTransactionConflict(error) || attempt >= QUEUE_CREATION_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
    // A queue made by an earlier version keeps its options (creation does nothing then): they are
    // set again, so that a change of them here takes effect on a database that has the queue.
    await boss.updateQueue(name, options);
    queues.add(name);
  }

  async function work<Data extends object>(queue: string, handler: BatchHandler<Data>, pollingSeconds: number, batchSize = 1): Promise<void> {
    await boss.work<Data>(queue, { pollingIntervalSeconds: pollingSeconds, batchSize }, async (jobs) => {
      // Each job's data as sent, and the request that sent them when it is one for the whole fetch.
      const untagged = jobs.map((job) => requestUntagged(job.data));
      const requestIds = new Set(untagged.map((job) => job.requestId));
      const requestId = requestIds.size === 1 ? untagged[0]?.requestId : undefined;
      await withRequestId(requestId, () => handler(untagged.map((job) => job.data as Data)));
    });
  }
  /** One job at a time, as its handler takes them. */
  const oneByOne =
    <Data extends object>(handler: JobHandler<Data>): BatchHandler<Data> =>
    async (items) => {
      for (const item of items) await handler(item);
    };

  return {
    async start() {
      await boss.start();
      started = true;
    },
    stop() {
      if (!started) return Promise.resolve();
      // Once: the server stops taking jobs at the stop's first moment, and the app's closing
      // waits for that same stop before it closes the database.
      stopping ??= boss
        // No job is fetched from now on; the running ones have `stopTimeoutMs` to finish, then
        // are recorded as failed and retried by another instance (decision 067). If the database
        // is away, they expire and are retried later, which must not keep the process from stopping.
        .stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 5_000 })
        .catch((error: unknown) => log.warn({ err: error }, 'job queue stopped with an error'));
      return stopping;
    },
    async work(queue, handler, queueOptions = {}) {
      await createQueue(queue, queueOptions);
      await work(queue, oneByOne(handler), options.pollingSeconds ?? 1);
    },
    async workBatch(queue, handler, { batchSize, ...queueOptions }) {
      await createQueue(queue, queueOptions);
      await work(queue, handler, options.pollingSeconds ?? 1, batchSize);
    },
    async send(queue, data, { tx } = {}) {
      // pg-boss silently drops a job for a queue that does not exist.
      if (!queues.has(queue)) throw new Error(`no worker for the job queue ${queue}`);
      // With the id of the request sending it, which its handling is then part of (its logs, its mails).
      await boss.send(queue, requestTagged(data), tx ? { db: { executeSql: tx.executeSql } } : {});
    },
    async schedule(name, cron, handler) {
      // No retry: the next occurrence does the work a failed one left.
      await createQueue(name, { retryLimit: 0 });
      await boss.schedule(name, cron);
      await work(name, () => handler(), SCHEDULED_POLLING_SECONDS);
    },
    async unschedule(name) {
      await boss.unschedule(name);
    },
    async waiting() {
      const { rows } = await executeSql(WAITING_JOBS_SQL);
      return (rows as { name: string; state: string; count: number }[]).map(({ name, state, count }) => ({ queue: name, state, count }));
    },
  };
}
