import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ExecuteSql } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';

export type Deliver = (outboxId: number) => Promise<void>;

/** Hands outbox rows to whatever sends them. */
export interface MailQueue {
  enqueue(outboxId: number): Promise<void>;
  start(deliver: Deliver): Promise<void>;
  stop(): Promise<void>;
}

/** Delivers at once in the calling request; for tests and single-process tools. */
export function inlineMailQueue(log?: FastifyBaseLogger): MailQueue {
  let deliver: Deliver | undefined;
  return {
    async enqueue(id) {
      if (!deliver) throw new Error('mail queue not started');
      await deliver(id).catch((error: unknown) => log?.error({ err: error, outboxId: id }, 'mail delivery failed'));
    },
    async start(handler) {
      deliver = handler;
    },
    async stop() {
      deliver = undefined;
    },
  };
}

export const SEND_EMAIL_QUEUE = 'send-email';

/**
 * pg-boss on the application database: a job per outbox row, fetched by exactly one worker
 * across all instances, retried with back-off when the SMTP server fails.
 */
export function pgBossMailQueue(executeSql: ExecuteSql, log: FastifyBaseLogger, options: { pollingSeconds?: number } = {}): MailQueue {
  // pg-boss runs its SQL through the application's pool, which reconnects by itself: while the
  // database is away its polling fails and reports here, and it resumes on the next poll.
  const boss = new PgBoss({ db: { executeSql }, schedule: false });
  boss.on('error', (error) => {
    if (isDatabaseUnavailable(error)) log.warn({ err: error }, 'job queue: database unavailable, retrying');
    else log.error({ err: error }, 'job queue error');
  });
  let started = false;
  return {
    async enqueue(id) {
      await boss.send(SEND_EMAIL_QUEUE, { id }, { singletonKey: `outbox-${id}` });
    },
    async start(deliver) {
      await boss.start();
      started = true;
      await boss.createQueue(SEND_EMAIL_QUEUE, { name: SEND_EMAIL_QUEUE, retryLimit: 5, retryDelay: 30, retryBackoff: true });
      await boss.work<{ id: number }>(SEND_EMAIL_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await deliver(job.data.id);
      });
    },
    async stop() {
      if (!started) return;
      started = false;
      // Stopping records unfinished jobs as failed, in the database: if that is away, the jobs
      // expire and are retried later, which must not keep the process from stopping.
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 }).catch((error: unknown) => log.warn({ err: error }, 'job queue stopped with an error'));
    },
  };
}
