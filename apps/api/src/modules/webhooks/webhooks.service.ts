import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookInput,
  type WebhookWithSecret,
} from '@ecare/shared';
import type { Actor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import type { Jobs } from '../../core/jobs.ts';
import type { Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { actingAgent } from '../../policy/acting-agent.ts';
import { postWebhook, type PostOutcome } from './webhooks.delivery.ts';
import type { WebhookEmission } from './webhooks.events.ts';
import { webhookMail, type WebhookMailEvent } from './webhooks.mails.ts';
import type { AttemptRow, DeliveryContext, DeliveryRow, WebhookRow, WebhooksRepository } from './webhooks.repository.ts';
import { newSigningSecret, signatureHeader } from './webhooks.signing.ts';
import { webhookUrl, type Resolve } from './webhooks.ssrf.ts';

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
/** Deliveries the log shows. */
const LOG_SIZE = 100;
/** Events (with their deliveries and attempts) are kept this long. */
export const EVENTS_KEPT_DAYS = 30;
const FORGET_BATCH = 1_000;
/** Who the audit log names for what the portal does by itself. */
const SYSTEM = { userId: 0, sourceAddress: 'tache-planifiee' } as const;

/** Who acts on the page: a manager, or an agent in their session. */
export interface WebhookActor extends Actor {
  name: string;
}

export interface WebhooksDeps extends ServiceCore {
  repo: WebhooksRepository;
  jobs: Jobs;
  /** Seals the signing secrets (lib/secret-box), each bound to its webhook. */
  box: SecretBox;
  /** WEBHOOKS_ALLOW_LOOPBACK: a receiver on this machine, over plain http (tests). */
  allowLoopback: boolean;
  /** The page of the webhooks, which the e-mails link to. */
  pageLink: string;
  userAgent: string;
  /** How hosts are resolved at delivery (node's resolver unless a test gives one). */
  resolve?: Resolve;
}

/** What one call of `deliver` did. */
export type DeliveryResult = 'NON_DUE' | Exclude<WebhookDeliveryStatus, 'EN_ATTENTE'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((event) => b.includes(event));

function attemptOf(row: AttemptRow): WebhookDelivery['essais'][number] {
  return { le: row.le.toISOString(), codeHttp: row.codeHttp, dureeMs: row.dureeMs, erreur: row.erreur };
}

function deliveryOf(row: DeliveryRow, attempts: readonly AttemptRow[]): WebhookDelivery {
  return {
    idLivraison: row.idLivraison,
    idEvenement: row.idEvenement,
    type: row.type as WebhookEvent,
    creeLe: row.creeLe.toISOString(),
    statut: row.statut,
    tentatives: row.tentatives,
    prochaineTentative: row.statut === 'EN_ATTENTE' || row.statut === 'ECHEC' ? iso(row.prochaineTentative) : null,
    essais: attempts.map(attemptOf),
  };
}

/**
 * Webhooks (decision 062): a manager's endpoints of an account, each signed with a secret shown
 * once; the events other modules emit in their transactions, delivered per the Standard Webhooks
 * specification at least once, through the job queue, retried over a day; an endpoint failing
 * for 24 hours disabled. An agent in a manager's session lists, reads the log, disables, deletes
 * and sends again, never creates, redirects or renews a secret.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const { repo, policy, audit, transaction, mail, clock, jobs, box } = deps;
  const reach = { allowLoopback: deps.allowLoopback };
  const seal = (idWebhook: string, secret: string) => box.seal(secret, `webhook:${idWebhook}`);
  const open = (idWebhook: string, sealed: string) => box.open(sealed, `webhook:${idWebhook}`);

  const viewOf = (row: WebhookRow, now: Date): Webhook => ({
    idWebhook: row.idWebhook,
    url: row.url,
    evenements: row.evenements as WebhookEvent[],
    actif: row.actif,
    creeLe: row.creeLe.toISOString(),
    desactiveLe: iso(row.desactiveLe),
    ancienSecretValideJusquA: row.ancienSecret && row.ancienSecretJusqua && row.ancienSecretJusqua > now ? row.ancienSecretJusqua.toISOString() : null,
  });

  /** The page's name for who acts: the agent and their customer service, or the manager. */
  const actorName = (actor: WebhookActor) => {
    const agent = actingAgent();
    return agent ? `${agent.nomSc} (service client)` : actor.name;
  };

  const mailManagers = async (tx: Transaction, row: WebhookRow, event: WebhookMailEvent, by: string | null) => {
    const content = webhookMail(deps.brandName, row.idClientBscs, event, { url: row.url, evenements: row.evenements as WebhookEvent[], actif: row.actif, by }, deps.pageLink);
    for (const to of await policy.managerEmails(row.idClientBscs, tx)) await mail.send(to, content, { tx });
  };

  const checkedUrl = (text: string): string => {
    const url = webhookUrl(text, reach);
    if (!url) throw fail('WEBHOOK_URL_INVALID');
    return url.href;
  };

  async function ownWebhook(idClientBscs: number, idWebhook: string, tx?: Transaction): Promise<WebhookRow> {
    const row = await repo.ofAccount(idClientBscs, idWebhook, tx);
    // Another account's webhook answers like one that does not exist.
    if (!row) throw fail('WEBHOOK_UNKNOWN');
    return row;
  }

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
    async list(userId: number, idClientBscs: number): Promise<{ webhooks: Webhook[] }> {
      await policy.assertAccount(userId, idClientBscs);
      const now = clock.now();
      return { webhooks: (await repo.list(idClientBscs)).map((row) => viewOf(row, now)) };
    },

    async create(actor: WebhookActor, idClientBscs: number, input: WebhookInput): Promise<WebhookWithSecret> {
      await policy.assertAccount(actor.userId, idClientBscs);
      if (actingAgent()) throw fail('WEBHOOK_AGENT_FORBIDDEN');
      const url = checkedUrl(input.url);
      const now = clock.now();
      const idWebhook = randomUUID();
      const secret = newSigningSecret();
      const row: WebhookRow = {
        idWebhook,
        idClientBscs,
        url,
        evenements: input.evenements,
        actif: input.actif,
        secret: seal(idWebhook, secret),
        ancienSecret: null,
        ancienSecretJusqua: null,
        creeLe: now,
        enEchecDepuis: null,
        desactiveLe: null,
      };
      await transaction(async (tx) => {
        await repo.lockAccount(tx, idClientBscs);
        if ((await repo.countOf(tx, idClientBscs)) >= WEBHOOKS_MAX) throw fail('WEBHOOKS_LIMIT');
        await repo.insert(tx, row);
        await audit.record({ ...actor, action: 'WEBHOOK_CREATION', idClientBscs, details: { idWebhook, url, evenements: row.evenements, actif: row.actif } }, { tx });
        await mailManagers(tx, row, 'CREATION', actorName(actor));
      });
      return { ...viewOf(row, now), secret };
    },

    /**
     * Changes a webhook's URL, events and state. Re-enabling one clears its failures; disabling
     * one gives up what it still had to send. An agent may only disable it.
     */
    async update(actor: WebhookActor, idClientBscs: number, idWebhook: string, input: WebhookInput): Promise<Webhook> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const now = clock.now();
      const updated = await transaction(async (tx) => {
        const row = await ownWebhook(idClientBscs, idWebhook, tx);
        const agent = actingAgent() !== undefined;
        const url = agent ? (webhookUrl(input.url, reach)?.href ?? input.url) : checkedUrl(input.url);
        // An agent may switch it off, nothing else: not point it elsewhere, nor at more, nor on again.
        if (agent && (url !== row.url || !sameEvents(input.evenements, row.evenements) || (input.actif && !row.actif))) throw fail('WEBHOOK_AGENT_FORBIDDEN');
        const enabling = input.actif && !row.actif;
        const disabling = !input.actif && row.actif;
        const after = await repo.update(tx, idWebhook, {
          url,
          evenements: input.evenements,
          actif: input.actif,
          ...(enabling ? { desactiveLe: null, enEchecDepuis: null } : {}),
        });
        if (!after) throw fail('WEBHOOK_UNKNOWN');
        if (disabling) await repo.abandonPending(tx, idWebhook);
        await audit.record(
          {
            ...actor,
            action: 'WEBHOOK_MODIFICATION',
            idClientBscs,
            details: { idWebhook, avant: { url: row.url, evenements: row.evenements, actif: row.actif }, apres: { url: after.url, evenements: after.evenements, actif: after.actif } },
          },
          { tx },
        );
        await mailManagers(tx, after, 'MODIFICATION', actorName(actor));
        return after;
      });
      return viewOf(updated, now);
    },

    async remove(actor: WebhookActor, idClientBscs: number, idWebhook: string): Promise<void> {
      await policy.assertAccount(actor.userId, idClientBscs);
      await transaction(async (tx) => {
        const row = await ownWebhook(idClientBscs, idWebhook, tx);
        if (!(await repo.remove(tx, idWebhook))) throw fail('WEBHOOK_UNKNOWN');
        await audit.record({ ...actor, action: 'WEBHOOK_SUPPRESSION', idClientBscs, details: { idWebhook, url: row.url, evenements: row.evenements } }, { tx });
        await mailManagers(tx, row, 'SUPPRESSION', actorName(actor));
      });
    },

    /** A new signing secret, shown once; the previous one still signs for 24 hours (both signatures sent). */
    async rotate(actor: WebhookActor, idClientBscs: number, idWebhook: string): Promise<WebhookWithSecret> {
      await policy.assertAccount(actor.userId, idClientBscs);
      if (actingAgent()) throw fail('WEBHOOK_AGENT_FORBIDDEN');
      const now = clock.now();
      const secret = newSigningSecret();
      const rotated = await transaction(async (tx) => {
        const row = await ownWebhook(idClientBscs, idWebhook, tx);
        const after = await repo.update(tx, idWebhook, {
          secret: seal(idWebhook, secret),
          ancienSecret: row.secret,
          ancienSecretJusqua: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * HOUR),
        });
        if (!after) throw fail('WEBHOOK_UNKNOWN');
        await audit.record({ ...actor, action: 'WEBHOOK_ROTATION_SECRET', idClientBscs, details: { idWebhook, url: row.url } }, { tx });
        await mailManagers(tx, after, 'ROTATION', actorName(actor));
        return after;
      });
      return { ...viewOf(rotated, now), secret };
    },

    /** The webhook's latest deliveries, with their tries. */
    async deliveries(userId: number, idClientBscs: number, idWebhook: string): Promise<{ livraisons: WebhookDelivery[] }> {
      await policy.assertAccount(userId, idClientBscs);
      await ownWebhook(idClientBscs, idWebhook);
      const rows = await repo.deliveries(idWebhook, LOG_SIZE);
      const attempts = await repo.attemptsOf(rows.map((row) => row.idLivraison));
      return { livraisons: rows.map((row) => deliveryOf(row, attempts.filter((attempt) => attempt.idLivraison === row.idLivraison))) };
    },

    /** « Renvoyer »: the same event (the same webhook-id) queued again for the webhook, its tries counted anew. */
    async resend(actor: Actor, idClientBscs: number, idWebhook: string, idLivraison: string): Promise<WebhookDelivery> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const webhook = await ownWebhook(idClientBscs, idWebhook);
      const delivery = await repo.delivery(idWebhook, idLivraison);
      if (!delivery) throw fail('WEBHOOK_DELIVERY_UNKNOWN');
      if (!webhook.actif) throw fail('WEBHOOK_INACTIVE');
      await transaction(async (tx) => {
        await repo.resend(tx, idLivraison, clock.now());
        await audit.record({ ...actor, action: 'WEBHOOK_RENVOI', idClientBscs, details: { idWebhook, idLivraison, idEvenement: delivery.idEvenement, type: delivery.type } }, { tx });
        await jobs.send(DELIVER_QUEUE, { idLivraison } satisfies DeliverJob, { tx });
      });
      const after = (await repo.delivery(idWebhook, idLivraison)) ?? delivery;
      return deliveryOf(after, await repo.attemptsOf([idLivraison]));
    },

    /**
     * In the caller's transaction: the event, once (`msg_…`, the webhook-id of all its deliveries),
     * a delivery per active webhook of the account subscribed to its type, and their jobs, which
     * run once it commits. Nothing is written when no webhook wants it.
     */
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

export type WebhooksService = ReturnType<typeof createWebhooksService>;
