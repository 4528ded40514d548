/** Webhooks, the events they are sent and each delivery's attempts (decision 062). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * An endpoint of a billing account. The signing secret is sealed (lib/secret-box, MFA_SECRET_KEY);
 * after a rotation the previous one still signs until `ancienSecretJusqua`.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    idWebhook: uuid('id_webhook').primaryKey(),
    idClientBscs: integer('id_client_bscs').notNull(),
    url: text('url').notNull(),
    evenements: text('evenements').array().notNull(),
    actif: boolean('actif').notNull(),
    secret: text('secret').notNull(),
    ancienSecret: text('ancien_secret'),
    ancienSecretJusqua: timestamp('ancien_secret_jusqua', { withTimezone: true }),
    creeLe: timestamp('cree_le', { withTimezone: true }).notNull(),
    /** The first failure of the current run of failures; cleared by a success. */
    enEchecDepuis: timestamp('en_echec_depuis', { withTimezone: true }),
    desactiveLe: timestamp('desactive_le', { withTimezone: true }),
  },
  (t) => [index('webhooks_account_idx').on(t.idClientBscs)],
);

/** Something that happened on an account, once: `idEvenement` is the webhook-id of every delivery of it. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    idEvenement: text('id_evenement').primaryKey(),
    idClientBscs: integer('id_client_bscs').notNull(),
    type: text('type').notNull(),
    donnees: jsonb('donnees').notNull(),
    creeLe: timestamp('cree_le', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_events_account_idx').on(t.idClientBscs, t.creeLe)],
);

/** An event to one webhook: at most one per pair, claimed by one instance at a time. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    idLivraison: uuid('id_livraison').primaryKey(),
    idWebhook: uuid('id_webhook')
      .notNull()
      .references(() => webhooks.idWebhook, { onDelete: 'cascade' }),
    idEvenement: text('id_evenement')
      .notNull()
      .references(() => webhookEvents.idEvenement, { onDelete: 'cascade' }),
    statut: text('statut', { enum: ['EN_ATTENTE', 'LIVREE', 'ECHEC', 'ABANDONNEE'] }).notNull(),
    tentatives: integer('tentatives').notNull().default(0),
    prochaineTentative: timestamp('prochaine_tentative', { withTimezone: true }),
    /** Set while an instance sends it; another instance leaves it alone until then. */
    reserveeJusqua: timestamp('reservee_jusqua', { withTimezone: true }),
    creeLe: timestamp('cree_le', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_once_idx').on(t.idWebhook, t.idEvenement),
    index('webhook_deliveries_due_idx').on(t.prochaineTentative).where(sql`${t.statut} in ('EN_ATTENTE', 'ECHEC')`),
    index('webhook_deliveries_log_idx').on(t.idWebhook, t.creeLe),
  ],
);

/** One try of a delivery: what the endpoint answered (the first 1 KB of its body at most), and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    idLivraison: uuid('id_livraison')
      .notNull()
      .references(() => webhookDeliveries.idLivraison, { onDelete: 'cascade' }),
    le: timestamp('le', { withTimezone: true }).notNull(),
    codeHttp: integer('code_http'),
    dureeMs: integer('duree_ms').notNull(),
    erreur: text('erreur'),
    reponse: text('reponse'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.idLivraison, t.le)],
);
