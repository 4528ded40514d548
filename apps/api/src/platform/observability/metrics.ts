import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { WaitingJobCount } from '../../core/jobs.ts';


/** What the outbox holds unsent, among the mails queued in the last day (older ones have given up retrying). */
export interface UnsentMail {
  count: number;
  oldest: Date | null;
}

/**
 * What the gauges read when Prometheus scrapes, each source asked once per scrape; each is given
 * by the piece that knows it (the job queue's by observedJobs, the others by the module).
 */
export interface MetricSources {
  connections(): { total: number; idle: number; waiting: number } | null;
  waitingJobs(): Promise<readonly WaitingJobCount[]>;
  unsentMail(): Promise<UnsentMail>;
  now(): Date;
  /** A source that failed: its gauges are left empty for this scrape. */
  failed(source: string, error: unknown): void;
}

/** How a webhook POST ended (webhooks.delivery.ts). */
export type WebhookOutcome = 'success' | 'http_error' | 'timeout' | 'refused' | 'connection_error';

/** A limit name or queue name as a label: the code's own short names; anything else is `other`. */
const LABEL = /^[a-z][a-z0-9._-]{0,47}$/;
const label = (value: string) => (LABEL.test(value) ? value : 'other');

/** A SQLSTATE (5 characters), or `connection` for an error of the connection rather than of the query. */
function sqlState(error: unknown): string {
  const code = error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : 'connection';
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** From a provider answering at once to one retrying over hours. */
const NOTIFICATION_DELAY_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 900, 1800, 3600, 4 * 3600, 24 * 3600];

/**
 * The metrics of one API instance, in a registry of its own (never prom-client's global one): the
 * tests run several instances in one process. No label carries customer data: routes are the
 * router's patterns, limits and queues the code's names, errors their codes. The list, with what
 * each means, is in decision 063.
 */
export function createMetrics({ processMetrics }: { processMetrics: boolean }) {
  const registry = new Registry();
  const registers = [registry];
  if (processMetrics) collectDefaultMetrics({ register: registry });
  let sources: Partial<MetricSources> = {};

  const httpRequests = new Counter({
    name: 'ecare_http_requests_total',
    help: 'Requêtes HTTP terminées, par méthode, route (motif du routeur) et statut',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const httpDuration = new Histogram({
    name: 'ecare_http_request_duration_seconds',
    help: 'Durée des requêtes HTTP, par méthode, route et statut',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const queryErrors = new Counter({
    name: 'ecare_db_query_errors_total',
    help: 'Requêtes SQL en échec, par SQLSTATE (connection : connexion perdue ou refusée)',
    labelNames: ['code'],
    registers,
  });
  const poolConnections = new Gauge({ name: 'ecare_db_pool_connections', help: 'Connexions ouvertes du pool PostgreSQL', registers });
  const poolIdle = new Gauge({ name: 'ecare_db_pool_idle_connections', help: 'Connexions inoccupées du pool', registers });
  const poolWaiting = new Gauge({ name: 'ecare_db_pool_waiting_clients', help: 'Demandes en attente d’une connexion du pool', registers });
  const jobQueueDepth = new Gauge({
    name: 'ecare_job_queue_depth',
    help: 'Tâches en attente par file (state : created jamais tentée, retry à retenter)',
    labelNames: ['queue', 'state'],
    registers,
  });
  const jobFailures = new Counter({
    name: 'ecare_job_failures_total',
    help: 'Exécutions de tâches en échec, par file (une tâche retentée compte à chaque échec)',
    labelNames: ['queue'],
    registers,
  });
  const mailBacklog = new Gauge({ name: 'ecare_mail_outbox_backlog', help: 'Courriels non envoyés, parmi ceux mis en file depuis 24 h', registers });
  const oldestUnsent = new Gauge({
    name: 'ecare_mail_outbox_oldest_unsent_seconds',
    help: 'Âge du plus ancien courriel non envoyé mis en file depuis 24 h (0 : aucun)',
    registers,
  });
  const mailDeliveries = new Counter({
    name: 'ecare_mail_deliveries_total',
    help: 'Envois de courriels, par résultat (sent, failed : refus du serveur SMTP, retenté)',
    labelNames: ['outcome'],
    registers,
  });
  const notificationDelay = new Histogram({
    name: 'ecare_payment_notification_delay_seconds',
    help: 'Délai entre le début d’un paiement par carte et le traitement de la notification du prestataire qui le règle, par issue',
    labelNames: ['outcome'],
    buckets: NOTIFICATION_DELAY_BUCKETS,
    registers,
  });
  const signInFailures = new Counter({
    name: 'ecare_sign_in_failures_total',
    help: 'Connexions refusées (POST /api/token), par code d’erreur',
    labelNames: ['reason'],
    registers,
  });
  const limitHits = new Counter({
    name: 'ecare_abuse_limit_hits_total',
    help: 'Limites anti-abus atteintes, par limite',
    labelNames: ['limit'],
    registers,
  });
  const webhookDeliveries = new Counter({
    name: 'ecare_webhook_deliveries_total',
    help: 'Envois de webhooks, par issue (success, http_error, timeout, refused, connection_error)',
    labelNames: ['outcome'],
    registers,
  });

  const sourceUp = new Gauge({
    name: 'ecare_metrics_source_up',
    help: 'Lecture réussie (1) ou en échec (0), au dernier relevé, de la source des jauges (job_queue, mail_outbox)',
    labelNames: ['source'],
    registers,
  });

  /** The gauges read at scrape time: the pool, the job queue and the outbox, asked together. */
  async function readSources(): Promise<void> {
    const from = sources;
    const pool = from.connections?.();
    if (pool) {
      poolConnections.set(pool.total);
      poolIdle.set(pool.idle);
      poolWaiting.set(pool.waiting);
    }
    const [jobs, mail] = await Promise.all([
      from.waitingJobs && read('job_queue', from.waitingJobs()),
      from.unsentMail && read('mail_outbox', from.unsentMail()),
    ]);
    if (jobs) {
      jobQueueDepth.reset();
      for (const { queue, state, count } of jobs) jobQueueDepth.set({ queue: label(queue), state: label(state) }, count);
    }
    if (mail) {
      mailBacklog.set(mail.count);
      const now = from.now?.() ?? new Date();
      oldestUnsent.set(mail.oldest ? Math.max(0, (now.getTime() - mail.oldest.getTime()) / 1000) : 0);
    }
  }

  /** A source's answer, its gauge `ecare_metrics_source_up` at 1; null and 0 when it failed (its gauges then keep their last figures). */
  async function read<T>(source: string, answer: Promise<T>): Promise<T | null> {
    try {
      const value = await answer;
      sourceUp.set({ source }, 1);
      return value;
    } catch (error) {
      sourceUp.set({ source }, 0);
      sources.failed?.(source, error);
      return null;
    }
  }

  return {
    registry,
    /** Where the scrape-time gauges read from: the sources given, added to those given before. */
    readFrom(given: Partial<MetricSources>): void {
      sources = { ...sources, ...given };
    },
    /** The metrics in Prometheus's text format, the scrape-time gauges read first. */
    async scrape(): Promise<string> {
      await readSources();
      return registry.metrics();
    },
    /** A request answered: `route` is the router's pattern (never the URL), `unmatched` when no route matched. */
    requestDone(method: string, route: string | undefined, status: number, seconds: number): void {
      const labels = { method, route: route ?? 'unmatched', status: String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    queryFailed(error: unknown): void {
      queryErrors.inc({ code: sqlState(error) });
    },
    jobFailed(queue: string): void {
      jobFailures.inc({ queue: label(queue) });
    },
    mailDelivered(outcome: 'sent' | 'failed'): void {
      mailDeliveries.inc({ outcome });
    },
    paymentNotificationProcessed(outcome: 'ACCEPTED' | 'REFUSED' | 'CANCELLED', delaySeconds: number): void {
      notificationDelay.observe({ outcome }, Math.max(0, delaySeconds));
    },
    /** A sign-in refused; `reason` is the error catalogue's code (INVALID_GRANT, LOGIN_BACKOFF…). */
    signInFailed(reason: string): void {
      signInFailures.inc({ reason: /^[A-Z][A-Z0-9_]{0,47}$/.test(reason) ? reason : 'OTHER' });
    },
    /** An abuse limit refused a call; `limit` is its name (`ip-login`, `login-backoff`, a quota's key prefix). */
    limitHit(limit: string): void {
      limitHits.inc({ limit: label(limit) });
    },
    webhookDelivered(outcome: WebhookOutcome): void {
      webhookDeliveries.inc({ outcome });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
