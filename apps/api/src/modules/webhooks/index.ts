import type { WebhookEvent } from '@ecare/shared';
import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import type { Transaction } from '../../db/transaction.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { WEBHOOKS_AUDIT_ACTIONS } from './webhooks.audit.ts';
import type { WebhookEmission } from './webhooks.events.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { DELIVER_QUEUE, type DeliverJob, type DeliveryResult } from './webhooks.dispatch.ts';
import { createWebhooksService } from './webhooks.service.ts';

export type { WebhookEmission, WebhookPayloads, LineStatusCause } from './webhooks.events.ts';
export type { DeliveryResult } from './webhooks.dispatch.ts';

/** What other modules (and the tests) may use of the webhooks. */
export interface WebhooksModule {
  /**
   * Tells the account's webhooks what happened, in the caller's transaction (the business write's):
   * the event and its deliveries are written with it, and sent once it commits. Answers the
   * event's id (its webhook-id), or null when no active webhook of the account wants that type.
   */
  emit<Type extends WebhookEvent>(tx: Transaction, event: WebhookEmission<Type>): Promise<string | null>;
  /** Several events of one type at once (an evaluation's alerts), the accounts' webhooks read in one query; their ids or nulls. */
  emitAll<Type extends WebhookEvent>(tx: Transaction, type: Type, events: readonly Omit<WebhookEmission<Type>, 'type'>[]): Promise<(string | null)[]>;
  /**
   * One try of a delivery, as the job queue runs it, if it is due and no instance holds it.
   * `timeoutMs` is for tests only: the queue always waits WEBHOOK_TIMEOUT_SECONDS.
   */
  deliver(idLivraison: string, options?: { timeoutMs?: number }): Promise<DeliveryResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhooksModule;
  }
}

/** The page of the API keys and webhooks, which the e-mails link to. */
const API_PAGE = '/mon-compte/api';
/** Retries are due at their time: pg-boss cannot send a job later, so a sweep queues them. */
const QUEUE_DUE_CRON = '* * * * *';
const FORGET_OLD_CRON = '40 2 * * *';
/** Deliveries a worker takes at once and sends together: one slow endpoint does not hold up the others. */
const DELIVERIES_AT_ONCE = 20;

/** Webhooks (decision 062): an account's endpoints, told of its events per the Standard Webhooks specification. */
export const webhooksModule = defineModule(
  'webhooks',
  async (app, core) => {
    const { config } = core;
    if (!config.mfa.secretKeyConfigured && config.env !== 'test') {
      core.log.warn('MFA_SECRET_KEY is not set: webhooks are no longer signed once this process restarts, nor by any other instance, until their secrets are renewed');
    }
    const base = serviceCore(core);
    const service = createWebhooksService({
      ...base,
      repo: createWebhooksRepository(core.db),
      jobs: core.jobs,
      box: createSecretBox(config.mfa.secretKey),
      allowLoopback: config.webhooksAllowLoopback,
      pageLink: `${base.publicUrl}/ecare${API_PAGE}`,
      userAgent: `${config.brandName.replace(/[^A-Za-z0-9]+/g, '-')}-Webhooks/1.0 (+${base.publicUrl})`,
    });
    app.decorate('webhooks', { emit: service.emit, emitAll: service.emitAll, deliver: service.deliver } satisfies WebhooksModule);
    // A try that fails plans the next one itself, and a job lost with its instance is queued again
    // by the sweep once its claim has lapsed: a failed job would add nothing by being retried.
    await core.jobs.workBatch<DeliverJob>(
      DELIVER_QUEUE,
      async (jobs) => {
        const ids = [...new Set(jobs.map((job) => job.idLivraison))];
        const failed = (await Promise.allSettled(ids.map((id) => service.deliver(id)))).find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
      },
      { retryLimit: 0, batchSize: DELIVERIES_AT_ONCE },
    );
    await core.jobs.schedule('webhooks.queue-due', QUEUE_DUE_CRON, async () => void (await service.queueDue()));
    await core.jobs.schedule('webhooks.forget-old', FORGET_OLD_CRON, async () => void (await service.forgetOld()));
    await webhooksRoutes(app, service);
  },
  { dependencies: ['auth'], auditActions: WEBHOOKS_AUDIT_ACTIONS },
);
