import { and, arrayContains, asc, count, desc, eq, exists, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus, WebhookEvent } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { webhookAttempts, webhookDeliveries, webhookEvents, webhooks } from './webhooks.schema.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect & { type: string };

/** What sending a delivery needs: its webhook and its event. */
export interface DeliveryContext {
  idLivraison: string;
  idEvenement: string;
  tentatives: number;
  webhook: Pick<WebhookRow, 'idWebhook' | 'idClientBscs' | 'url' | 'secret' | 'ancienSecret' | 'ancienSecretJusqua'>;
  event: Pick<EventRow, 'type' | 'donnees' | 'creeLe'>;
}

/** Statuses a delivery is still to be tried in. */
const PENDING: WebhookDeliveryStatus[] = ['EN_ATTENTE', 'ECHEC'];

/** A delivery as the log shows it, with its event's type. */
const deliveryColumns = {
  idLivraison: webhookDeliveries.idLivraison,
  idWebhook: webhookDeliveries.idWebhook,
  idEvenement: webhookDeliveries.idEvenement,
  statut: webhookDeliveries.statut,
  tentatives: webhookDeliveries.tentatives,
  prochaineTentative: webhookDeliveries.prochaineTentative,
  reserveeJusqua: webhookDeliveries.reserveeJusqua,
  creeLe: webhookDeliveries.creeLe,
  type: webhookEvents.type,
};

export function createWebhooksRepository(db: Database) {
  /** The delivery's webhook is active (a condition on webhook_deliveries). */
  const activeWebhook = () =>
    exists(
      db
        .select({ one: sql`1` })
        .from(webhooks)
        .where(and(eq(webhooks.idWebhook, webhookDeliveries.idWebhook), eq(webhooks.actif, true))),
    );

  return {
    /** The account's webhooks, oldest first. */
    async list(idClientBscs: number): Promise<WebhookRow[]> {
      return db.select().from(webhooks).where(eq(webhooks.idClientBscs, idClientBscs)).orderBy(asc(webhooks.creeLe), asc(webhooks.idWebhook));
    },

    /** A webhook of the account (locked until `tx` ends when one is given); undefined for another account's. */
    async ofAccount(idClientBscs: number, idWebhook: string, tx?: Transaction): Promise<WebhookRow | undefined> {
      const query = (tx?.db ?? db).select().from(webhooks).where(and(eq(webhooks.idWebhook, idWebhook), eq(webhooks.idClientBscs, idClientBscs)));
      const [row] = tx ? await query.for('update') : await query;
      return row;
    },

    /** Holds the account's webhooks until the transaction ends: creations at once count in turn. */
    async lockAccount(tx: Transaction, idClientBscs: number): Promise<void> {
      await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${idClientBscs}`}))`);
    },

    async countOf(tx: Transaction, idClientBscs: number): Promise<number> {
      const [row] = await tx.db.select({ n: count() }).from(webhooks).where(eq(webhooks.idClientBscs, idClientBscs));
      return row?.n ?? 0;
    },

    async insert(tx: Transaction, row: WebhookRow): Promise<void> {
      await tx.db.insert(webhooks).values(row);
    },

    async update(tx: Transaction, idWebhook: string, values: Partial<Omit<WebhookRow, 'idWebhook' | 'idClientBscs' | 'creeLe'>>): Promise<WebhookRow | undefined> {
      const [row] = await tx.db.update(webhooks).set(values).where(eq(webhooks.idWebhook, idWebhook)).returning();
      return row;
    },

    /** Deletes a webhook with its deliveries and their attempts; false when it was gone already. */
    async remove(tx: Transaction, idWebhook: string): Promise<boolean> {
      const deleted = await tx.db.delete(webhooks).where(eq(webhooks.idWebhook, idWebhook)).returning({ idWebhook: webhooks.idWebhook });
      return deleted.length > 0;
    },

    /** The account's active webhooks subscribed to `type`. */
    /** The active webhooks of these accounts that want `type`, by account: one query however many accounts. */
    async subscribed(tx: Transaction, idClientBscs: readonly number[], type: WebhookEvent): Promise<Map<number, string[]>> {
      const byAccount = new Map<number, string[]>();
      if (idClientBscs.length === 0) return byAccount;
      const rows = await tx.db
        .select({ idWebhook: webhooks.idWebhook, idClientBscs: webhooks.idClientBscs })
        .from(webhooks)
        .where(and(inArray(webhooks.idClientBscs, [...new Set(idClientBscs)]), eq(webhooks.actif, true), arrayContains(webhooks.evenements, [type])));
      for (const row of rows) byAccount.set(row.idClientBscs, [...(byAccount.get(row.idClientBscs) ?? []), row.idWebhook]);
      return byAccount;
    },

    async insertEvent(tx: Transaction, event: EventRow, deliveries: readonly (typeof webhookDeliveries.$inferInsert)[]): Promise<void> {
      await tx.db.insert(webhookEvents).values(event);
      if (deliveries.length > 0) await tx.db.insert(webhookDeliveries).values([...deliveries]);
    },

    /** What a disabled webhook still had to send is given up (it may be sent again from its log). */
    async abandonPending(tx: Transaction, idWebhook: string): Promise<void> {
      await tx.db
        .update(webhookDeliveries)
        .set({ statut: 'ABANDONNEE', prochaineTentative: null, reserveeJusqua: null })
        .where(and(eq(webhookDeliveries.idWebhook, idWebhook), inArray(webhookDeliveries.statut, PENDING)));
    },

    /**
     * Takes a delivery to send it, until `until`, counting the try: only one due now, of an active
     * webhook, that no other instance holds (a conditional update: of two instances at once, one
     * wins). Answers what sending needs, or undefined when it is not to be sent now.
     */
    async claim(idLivraison: string, now: Date, until: Date): Promise<DeliveryContext | undefined> {
      const [claimed] = await db
        .update(webhookDeliveries)
        .set({ reserveeJusqua: until, tentatives: sql`${webhookDeliveries.tentatives} + 1` })
        .where(
          and(
            eq(webhookDeliveries.idLivraison, idLivraison),
            inArray(webhookDeliveries.statut, PENDING),
            or(isNull(webhookDeliveries.prochaineTentative), lte(webhookDeliveries.prochaineTentative, now)),
            or(isNull(webhookDeliveries.reserveeJusqua), lt(webhookDeliveries.reserveeJusqua, now)),
            activeWebhook(),
          ),
        )
        .returning({ idLivraison: webhookDeliveries.idLivraison, idWebhook: webhookDeliveries.idWebhook, idEvenement: webhookDeliveries.idEvenement, tentatives: webhookDeliveries.tentatives });
      if (!claimed) return undefined;
      const [row] = await db
        .select({
          idWebhook: webhooks.idWebhook,
          idClientBscs: webhooks.idClientBscs,
          url: webhooks.url,
          secret: webhooks.secret,
          ancienSecret: webhooks.ancienSecret,
          ancienSecretJusqua: webhooks.ancienSecretJusqua,
          type: webhookEvents.type,
          donnees: webhookEvents.donnees,
          creeLe: webhookEvents.creeLe,
        })
        .from(webhooks)
        .innerJoin(webhookEvents, eq(webhookEvents.idEvenement, claimed.idEvenement))
        .where(eq(webhooks.idWebhook, claimed.idWebhook));
      if (!row) return undefined;
      const { type, donnees, creeLe, ...webhook } = row;
      return { idLivraison, idEvenement: claimed.idEvenement, tentatives: claimed.tentatives, webhook, event: { type, donnees, creeLe } };
    },

    async recordAttempt(tx: Transaction, attempt: AttemptRow): Promise<void> {
      await tx.db.insert(webhookAttempts).values(attempt);
    },

    /**
     * Ends a try: the delivery's new status, if it is still held by this try (`claimedUntil`); a
     * delivery sent again meanwhile (« Renvoyer ») keeps the status the new try gives it.
     */
    async finish(tx: Transaction, idLivraison: string, claimedUntil: Date, values: { statut: WebhookDeliveryStatus; prochaineTentative: Date | null }): Promise<boolean> {
      const updated = await tx.db
        .update(webhookDeliveries)
        .set({ ...values, reserveeJusqua: null })
        .where(and(eq(webhookDeliveries.idLivraison, idLivraison), eq(webhookDeliveries.reserveeJusqua, claimedUntil)))
        .returning({ idLivraison: webhookDeliveries.idLivraison });
      return updated.length > 0;
    },

    /** The webhook has failed: since when (its first failure since its last success), and whether it is still active. */
    async markFailing(tx: Transaction, idWebhook: string, now: Date): Promise<{ enEchecDepuis: Date; actif: boolean } | undefined> {
      const [row] = await tx.db
        .update(webhooks)
        .set({ enEchecDepuis: sql`coalesce(${webhooks.enEchecDepuis}, ${now.toISOString()}::timestamptz)` })
        .where(eq(webhooks.idWebhook, idWebhook))
        .returning({ enEchecDepuis: webhooks.enEchecDepuis, actif: webhooks.actif });
      return row?.enEchecDepuis ? { enEchecDepuis: row.enEchecDepuis, actif: row.actif } : undefined;
    },

    async markSucceeding(tx: Transaction, idWebhook: string): Promise<void> {
      await tx.db.update(webhooks).set({ enEchecDepuis: null }).where(and(eq(webhooks.idWebhook, idWebhook), isNotNull(webhooks.enEchecDepuis)));
    },

    /** Disables an active webhook, once: undefined when it was no longer active. */
    async disable(tx: Transaction, idWebhook: string, now: Date): Promise<WebhookRow | undefined> {
      const [row] = await tx.db
        .update(webhooks)
        .set({ actif: false, desactiveLe: now })
        .where(and(eq(webhooks.idWebhook, idWebhook), eq(webhooks.actif, true)))
        .returning();
      return row;
    },

    /** Deliveries due now that no instance holds, of active webhooks, the longest waiting first. */
    async due(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ idLivraison: webhookDeliveries.idLivraison })
        .from(webhookDeliveries)
        .where(
          and(
            inArray(webhookDeliveries.statut, PENDING),
            lte(webhookDeliveries.prochaineTentative, now),
            or(isNull(webhookDeliveries.reserveeJusqua), lt(webhookDeliveries.reserveeJusqua, now)),
            activeWebhook(),
          ),
        )
        .orderBy(asc(webhookDeliveries.prochaineTentative))
        .limit(limit);
      return rows.map((row) => row.idLivraison);
    },

    /** A webhook's latest deliveries, the newest first, with their event's id and type. */
    async deliveries(idWebhook: string, limit: number): Promise<DeliveryRow[]> {
      return db
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.idEvenement, webhookDeliveries.idEvenement))
        .where(eq(webhookDeliveries.idWebhook, idWebhook))
        .orderBy(desc(webhookDeliveries.creeLe), desc(webhookDeliveries.idLivraison))
        .limit(limit);
    },

    /** The attempts of these deliveries, in the order they were made. */
    async attemptsOf(idLivraisons: readonly string[]): Promise<AttemptRow[]> {
      if (idLivraisons.length === 0) return [];
      return db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.idLivraison, [...idLivraisons]))
        .orderBy(asc(webhookAttempts.le));
    },

    /** A delivery of the webhook; undefined for another webhook's. */
    async delivery(idWebhook: string, idLivraison: string): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.idEvenement, webhookDeliveries.idEvenement))
        .where(and(eq(webhookDeliveries.idLivraison, idLivraison), eq(webhookDeliveries.idWebhook, idWebhook)));
      return row;
    },

    /** Makes a delivery due again now, its tries counted anew (an instance sending it meanwhile no longer holds it). */
    async resend(tx: Transaction, idLivraison: string, now: Date): Promise<void> {
      await tx.db
        .update(webhookDeliveries)
        .set({ statut: 'EN_ATTENTE', tentatives: 0, prochaineTentative: now, reserveeJusqua: null })
        .where(eq(webhookDeliveries.idLivraison, idLivraison));
    },

    /** Deletes up to `limit` events older than `before`, with their deliveries and attempts; how many. */
    async forgetEventsBefore(before: Date, limit: number): Promise<number> {
      const old = db.select({ idEvenement: webhookEvents.idEvenement }).from(webhookEvents).where(lt(webhookEvents.creeLe, before)).limit(limit);
      const deleted = await db.delete(webhookEvents).where(inArray(webhookEvents.idEvenement, old)).returning({ idEvenement: webhookEvents.idEvenement });
      return deleted.length;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
