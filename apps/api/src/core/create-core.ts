import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { createCaptchaVerifier } from '../lib/captcha.ts';
import type { Clock } from '../lib/clock.ts';
import { createLimits } from '../lib/limits.ts';
import { postgresRateLimitStore, redisRateLimitStore, type RateLimitStore } from '../lib/rate-limit.ts';
import {
  createMailDelivery,
  createMailRepository,
  createMailService,
  inlineMailQueue,
  mailboxTransport,
  smtpTransport,
  type MailQueue,
  type MailTransport,
} from '../modules/mail/index.ts';
import { createAccessPolicy } from '../policy/access-policy.ts';
import type { Core } from './core.ts';

export interface CoreOptions {
  config: Config;
  db: Database;
  clock: Clock;
  /** Delivery of outbox e-mails; pg-boss in the server, inline by default (tests). */
  mailQueue?: (log: FastifyInstance['log']) => MailQueue;
  /** Where e-mails go; from SMTP_URL by default. */
  mailTransport?: MailTransport;
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
export async function createCore(app: FastifyInstance, { config, db, clock, mailQueue, mailTransport }: CoreOptions): Promise<Core> {
  const mailRepository = createMailRepository(db);
  const queue = (mailQueue ?? inlineMailQueue)(app.log);
  const transport = mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : mailboxTransport);
  await queue.start(createMailDelivery(mailRepository, transport, clock, app.log));
  app.addHook('onClose', async () => {
    await queue.stop();
    transport.close();
  });

  return {
    config,
    db,
    clock,
    log: app.log,
    limits: createLimits(rateLimitStore(app, config, db), clock),
    captcha: createCaptchaVerifier(config.recaptcha),
    mail: createMailService(mailRepository, queue, clock),
    policy: createAccessPolicy(db),
  };
}
