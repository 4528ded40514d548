import { randomBytes, randomUUID } from 'node:crypto';
import { WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_TIMEOUT_SECONDS, type WebhookDeliveryStatus, type WebhookEvent } from '@ecare/shared';
import type { ServiceCore } from '../../core/core.ts';
import type { Jobs } from '../../core/jobs.ts';
import type { Transaction } from '../../db/transaction.ts';
import { postWebhook, type PostOutcome } from './webhooks.delivery.ts';
import type { WebhookEmission } from './webhooks.events.ts';
import type { WebhookMailEvent } from './webhooks.mails.ts';
import type { DeliveryContext, WebhookRow, WebhooksRepository } from './webhooks.repository.ts';
import { signatureHeader } from './webhooks.signing.ts';
import type { ReachOptions, Resolve } from './webhooks.ssrf.ts';

export const DELIVER_QUEUE = 'webhooks.deliver';
/** One delivery to try: what a job of the queue carries. */
export interface DeliverJob {
  idLivraison: string;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The waits after the 1st, 2nd… failed try of a delivery (5 s, 5 min, 30 min, 2 h, 5 h, 8 h, 9 h):
 * its 8th and last try comes 24 h 35 min after the first, so that an endpoint that never answers
 * has failed for 24 hours by then and is disabled. After the last, the delivery is given up.
 */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 8 * HOUR, 9 * HOUR] as const;
/** How long an instance holds a delivery it sends: longer than a try (10 s), short enough that a crash delays it little. */
const CLAIM_MS = 60 * SECOND;
/** Deliveries the sweep queues per run (every minute). */
const DUE_BATCH = 500;
/** Events (with their deliveries and attempts) are kept this long. */
export const EVENTS_KEPT_DAYS = 30;
const FORGET_BATCH = 1_000;
/** Who the audit log names for what the portal does by itself. */
const SYSTEM = { userId: 0, sourceAddress: 'tache-planifiee' } as const;

/** What one call of `deliver` did. */
export type DeliveryResult = 'NON_DUE' | Exclude<WebhookDeliveryStatus, 'EN_ATTENTE'>;

export interface WebhookDispatchDeps extends Pick<ServiceCore, 'audit' | 'transaction' | 'clock'> {
  repo: WebhooksRepository;
  jobs: Jobs;
  reach: ReachOptions;
  /** The plaintext of a webhook's sealed secret, or null when it no longer opens. */
  open: (idWebhook: string, sealed: string) => string | null;
  userAgent: string;
  resolve?: Resolve;
  /** Mails the webhook's account's managers (a webhook disabled for its failures). */
  mailManagers: (tx: Transaction, row: WebhookRow, event: WebhookMailEvent, by: string | null) => Promise<void>;
}

/**
 * What the webhooks send (decision 062): the events other modules emit in their transactions,
 * each delivery tried once at a time across instances (the claim), signed per the Standard
 * Webhooks specification, retried over a day, an endpoint failing for 24 hours disabled; the
 * sweep of the deliveries due and the clean-up of old events.
 */
export function createWebhookDispatch(deps: WebhookDispatchDeps) {
  const { repo, audit, transaction, clock, jobs, reach, open, mailManagers } = deps;

  /** The secrets that sign now: the current one, and the previous one during a rotation's overlap; null when the current one no longer opens. */
  function signingSecrets(webhook: DeliveryContext['webhook'], now: Date): string[] | null {
    const current = open(webhook.idWebhook, webhook.secret);
    if (current === null) return null;
    const previous = webhook.ancienSecret && webhook.ancienSecretJusqua && webhook.ancienSecretJusqua > now ? open(webhook.idWebhook, webhook.ancienSecret) : null;
    return previous === null ? [current] : [current, previous];
  }

  /** Disables a webhook failing for too long, in the transaction of its last failure: once, audited, its managers mailed. */
  async function disableFailing(tx: Transaction, idWebhook: string, now: Date, since: Date): Promise<void> {
    const row = await repo.disable(tx, idWebhook, now);
    if (!row) return;
    await repo.abandonPending(tx, idWebhook);
    await audit.record(
      { ...SYSTEM, action: 'WEBHOOK_DESACTIVATION_AUTOMATIQUE', idClientBscs: row.idClientBscs, details: { idWebhook, url: row.url, enEchecDepuis: since.toISOString() } },
      { tx },
    );
    await mailManagers(tx, row, 'DESACTIVATION', null);
  }

  /** Records a try and its consequences: the delivery's next status, the webhook's failing state. */
  async function recordTry(context: DeliveryContext, started: Date, claimedUntil: Date, outcome: PostOutcome): Promise<DeliveryResult> {
    const now = clock.now();
    const { idWebhook } = context.webhook;
    return transaction(async (tx) => {
      await repo.recordAttempt(tx, {
        id: randomUUID(),
        idLivraison: context.idLivraison,
        le: started,
        codeHttp: outcome.codeHttp,
        dureeMs: outcome.dureeMs,
        erreur: outcome.erreur,
        reponse: outcome.reponse,
      });
      if (outcome.ok) {
        await repo.finish(tx, context.idLivraison, claimedUntil, { statut: 'LIVREE', prochaineTentative: null });
        await repo.markSucceeding(tx, idWebhook);
        return 'LIVREE';
      }
      const delay = RETRY_DELAYS_MS[context.tentatives - 1];
      const statut = delay === undefined ? 'ABANDONNEE' : 'ECHEC';
      await repo.finish(tx, context.idLivraison, claimedUntil, { statut, prochaineTentative: delay === undefined ? null : new Date(now.getTime() + delay) });
      const failing = await repo.markFailing(tx, idWebhook, now);
      if (failing?.actif && now.getTime() - failing.enEchecDepuis.getTime() >= WEBHOOK_DISABLE_AFTER_HOURS * HOUR) {
        await disableFailing(tx, idWebhook, now, failing.enEchecDepuis);
      }
      return statut;
    });
  }

  /** Writes each event some active webhook of its account wants, with its deliveries, sent after the commit; their ids, or null. */
  async function emitAll<Type extends WebhookEvent>(tx: Transaction, type: Type, emissions: readonly Omit<WebhookEmission<Type>, 'type'>[]): Promise<(string | null)[]> {
    const targetsOf = await repo.subscribed(tx, emissions.map((emission) => emission.idClientBscs), type);
    const now = clock.now();
    const ids: (string | null)[] = [];
    for (const { idClientBscs, data } of emissions) {
      const targets = targetsOf.get(idClientBscs) ?? [];
      if (targets.length === 0) {
        ids.push(null);
        continue;
      }
      const idEvenement = `msg_${randomBytes(18).toString('base64url')}`;
      const deliveries = targets.map((idWebhook) => ({ idLivraison: randomUUID(), idWebhook, idEvenement, statut: 'EN_ATTENTE' as const, tentatives: 0, prochaineTentative: now, creeLe: now }));
      await repo.insertEvent(tx, { idEvenement, idClientBscs, type, donnees: { idClientBscs, ...data }, creeLe: now }, deliveries);
      for (const { idLivraison } of deliveries) await jobs.send(DELIVER_QUEUE, { idLivraison } satisfies DeliverJob, { tx });
      ids.push(idEvenement);
    }
    return ids;
  }

  return {
    async emit<Type extends WebhookEvent>(tx: Transaction, emission: WebhookEmission<Type>): Promise<string | null> {
      const [id] = await emitAll(tx, emission.type, [emission]);
      return id ?? null;
    },

    /** Several events of one type (an evaluation's alerts): the accounts' webhooks read once for all. */
    emitAll,

    /**
     * One try of a delivery, if it is due and no other instance holds it (the claim): the body
     * `{ type, timestamp, data }` signed per the Standard Webhooks specification, POSTed, the try
     * recorded, and the next one planned (RETRY_DELAYS_MS) or the delivery given up. `timeoutMs`
     * is shorter only in tests; the queue always gives WEBHOOK_TIMEOUT_SECONDS.
     */
    async deliver(idLivraison: string, { timeoutMs = WEBHOOK_TIMEOUT_SECONDS * SECOND }: { timeoutMs?: number } = {}): Promise<DeliveryResult> {
      const started = clock.now();
      const claimedUntil = new Date(started.getTime() + CLAIM_MS);
      const context = await repo.claim(idLivraison, started, claimedUntil);
      if (!context) return 'NON_DUE';
      const secrets = signingSecrets(context.webhook, started);
      const timestamp = Math.floor(started.getTime() / SECOND);
      const body = JSON.stringify({ type: context.event.type, timestamp: context.event.creeLe.toISOString(), data: context.event.donnees });
      const outcome: PostOutcome =
        secrets === null
          ? { ok: false, codeHttp: null, reponse: null, erreur: 'Le secret de signature ne peut plus être lu : renouvelez-le.', dureeMs: 0 }
          : await postWebhook({
              url: context.webhook.url,
              body,
              headers: {
                'content-type': 'application/json',
                'user-agent': deps.userAgent,
                'webhook-id': context.idEvenement,
                'webhook-timestamp': String(timestamp),
                'webhook-signature': signatureHeader(secrets, context.idEvenement, timestamp, body),
              },
              timeoutMs,
              ...reach,
              resolve: deps.resolve,
            });
      return recordTry(context, started, claimedUntil, outcome);
    },

    /** Queues every delivery due now (retries, and any whose job was lost); every minute, on one instance. */
    async queueDue(): Promise<number> {
      const due = await repo.due(clock.now(), DUE_BATCH);
      for (const idLivraison of due) await jobs.send(DELIVER_QUEUE, { idLivraison } satisfies DeliverJob);
      return due.length;
    },

    /** Events older than 30 days, with their deliveries and tries. */
    async forgetOld(): Promise<number> {
      const before = new Date(clock.now().getTime() - EVENTS_KEPT_DAYS * 24 * HOUR);
      let forgotten = 0;
      for (;;) {
        const deleted = await repo.forgetEventsBefore(before, FORGET_BATCH);
        forgotten += deleted;
        if (deleted < FORGET_BATCH) return forgotten;
      }
    },
  };
}
