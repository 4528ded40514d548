import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDelivery,
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
import { createWebhookDispatch, DELIVER_QUEUE, type DeliverJob } from './webhooks.dispatch.ts';
import { webhookMail, type WebhookMailEvent } from './webhooks.mails.ts';
import type { AttemptRow, DeliveryRow, WebhookRow, WebhooksRepository } from './webhooks.repository.ts';
import { newSigningSecret } from './webhooks.signing.ts';
import { webhookUrl, type Resolve } from './webhooks.ssrf.ts';

const HOUR = 3_600_000;
/** Deliveries the log shows. */
const LOG_SIZE = 100;

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
 * once and renewed with a day of overlap, and their delivery log with « Renvoyer ». An agent in a
 * manager's session lists, reads the log, disables, deletes and sends again, never creates,
 * redirects or renews a secret. What is sent, and how, is the dispatch's (webhooks.dispatch.ts).
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

  const dispatch = createWebhookDispatch({ repo, audit, transaction, clock, jobs, reach, open, userAgent: deps.userAgent, resolve: deps.resolve, mailManagers });

  return {
    ...dispatch,

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

  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
