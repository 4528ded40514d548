import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { ReadReplica } from '../db/replica.ts';
import { createTransact } from '../db/transaction.ts';
import { createFileStore } from '../lib/attachments/file-store.ts';
import { createCaptchaVerifier } from '../lib/captcha.ts';
import type { Clock } from '../lib/clock.ts';
import { createLimits } from '../lib/limits.ts';
import { postgresRateLimitStore, redisRateLimitStore, type RateLimitStore } from '../lib/rate-limit.ts';
import {
  createMailDelivery,
  createMailRepository,
  createMailService,
  mailboxTransport,
  smtpTransport,
  workMailQueue,
  type MailTransport,
} from '../platform/mail/index.ts';
import { currentRequestId, observedJobs, type Metrics } from '../platform/observability/index.ts';
import { createAccessPolicy } from '../policy/access-policy.ts';
import { createAudit } from './audit.ts';
import type { Core } from './core.ts';
import { inlineJobs, type JobRunner } from './jobs.ts';

type JobsFactory = (log: FastifyInstance['log']) => JobRunner;

export interface CoreOptions {
  config: Config;
  db: Database;
  clock: Clock;
  /** The job queue: pg-boss in the server, inline by default (tests). */
  jobs?: JobsFactory;
  /** Where e-mails go; from SMTP_URL by default. */
  mailTransport?: MailTransport;
  /** This instance's metrics (platform/observability), made before the core to count its first requests. */
  metrics: Metrics;
  /** The read replica of `db` (DATABASE_REPLICA_URL); without one every read goes to `db`. */
  replica?: ReadReplica | null;
}

function rateLimitStore(app: FastifyInstance, config: Config, db: Database): RateLimitStore {
  if (!config.redisUrl) return postgresRateLimitStore(db);
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', (error) => app.log.error({ err: error }, 'redis error'));
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return redisRateLimitStore(redis);
}

/** Builds the dependencies every module is handed; what needs closing is closed with the app. */
export async function createCore(app: FastifyInstance, { config, db, clock, metrics, ...options }: CoreOptions): Promise<Core> {
  options.replica?.routeRequests(app, { secureCookie: config.cookieSecure });
  // First: a misplaced folder stops the start before anything runs, and the store, its hook
  // registered before the jobs' (onClose hooks run last registered first), closes after them.
  const files = await createFileStore(config);
  app.addHook('onClose', () => files.close());
  const transaction = createTransact(db);
  const jobs = observedJobs((options.jobs ?? inlineJobs)(app.log), metrics);
  const mailRepository = createMailRepository(db);
  const transport = options.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : mailboxTransport);
  await jobs.start();
  app.addHook('onClose', async () => {
    await jobs.stop();
    transport.close();
  });
  await workMailQueue(jobs, createMailDelivery(mailRepository, transport, clock, app.log, metrics));

  return {
    config,
    db,
    reads: options.replica?.db ?? db,
    transaction,
    clock,
    log: app.log,
    limits: createLimits(rateLimitStore(app, config, db), clock, metrics.limitHit),
    captcha: createCaptchaVerifier(config.recaptcha),
    jobs,
    mail: createMailService(mailRepository, jobs, transaction, clock, currentRequestId),
    policy: createAccessPolicy(db),
    audit: createAudit(db, clock),
    files,
    metrics,
  };
}
