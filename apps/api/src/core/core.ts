import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { ReadDatabase } from '../db/replica.ts';
import type { Transact } from '../db/transaction.ts';
import type { FileStore } from '../lib/attachments/file-store.ts';
import type { CaptchaVerifier } from '../lib/captcha.ts';
import type { Clock } from '../lib/clock.ts';
import type { Limits } from '../lib/limits.ts';
import type { MailService } from '../platform/mail/index.ts';
import type { Metrics } from '../platform/observability/index.ts';
import type { AccessPolicy } from '../policy/access-policy.ts';
import type { Audit } from './audit.ts';
import type { Jobs } from './jobs.ts';

/**
 * What every feature module is handed: it builds its own repository and service from these and
 * reaches other modules only through what they decorate the app with (see core/module.ts).
 */
export interface Core {
  config: Config;
  db: Database;
  /**
   * For the reads that tolerate a second of lag (lists, exports, PDFs): the read replica when one
   * is configured, in use, and the request is a read with no recent write of its browser; the
   * primary (`db`) otherwise (decision 064).
   */
  reads: ReadDatabase;
  /**
   * Runs work in one transaction; writes that belong together (business rows, outbox mails,
   * jobs) go through its `tx`, handed to the repositories, and commit together or not at all.
   */
  transaction: Transact;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Abuse limits shared by every instance (PostgreSQL or Redis counters). */
  limits: Limits;
  captcha: CaptchaVerifier;
  /** Background jobs and schedules (pg-boss in the server, one job queue per process). */
  jobs: Jobs;
  /** Outbox e-mail: stored, then delivered by the job queue. */
  mail: MailService;
  /** Who may touch which billing account or contract. */
  policy: AccessPolicy;
  /** Who did what on which account or contract, from where (`record(entry, { tx })`). */
  audit: Audit;
  /**
   * Every stored file, each kind in its folder of one backend (local folder or S3-compatible
   * bucket): `files.contact`, `files.termination`, `files.pieces` (uploads) and `files.rapports`
   * (the scheduled reports sent). No module builds a store.
   */
  files: FileStore;
  /** This instance's Prometheus metrics (decision 063): what a module counts, it counts here. */
  metrics: Metrics;
}

/**
 * What most feature services are built with: the core's shared services, and the configuration
 * their e-mails quote. A service's dependencies extend it with its repository and its own needs.
 */
export interface ServiceCore {
  policy: AccessPolicy;
  audit: Audit;
  transaction: Transact;
  mail: MailService;
  limits: Limits;
  clock: Clock;
  brandName: string;
  publicUrl: string;
  supportEmail: string;
}

export function serviceCore(core: Core): ServiceCore {
  const { policy, audit, transaction, mail, limits, clock, config } = core;
  return { policy, audit, transaction, mail, limits, clock, brandName: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail };
}
