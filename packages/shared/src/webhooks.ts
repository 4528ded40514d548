import { z } from 'zod';
import { idSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * Webhooks (decision 062): the customer's systems told what changed on their account, per the
 * Standard Webhooks specification (https://www.standardwebhooks.com): JSON `{ type, timestamp,
 * data }`, headers webhook-id, webhook-timestamp and webhook-signature (`v1,` + base64 of
 * HMAC-SHA256 over `id.timestamp.body` with the secret's bytes), at least once, retried with
 * back-off over 24 hours.
 */

export const WEBHOOK_EVENTS = [
  'facture.emise',
  'avoir.emis',
  'paiement.recu',
  'commande.statut',
  'ligne.statut',
  'alerte.consommation',
  'traitement.termine',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'facture.emise': 'Une facture est émise',
  'avoir.emis': 'Un avoir est émis',
  'paiement.recu': 'Un paiement est reçu',
  'commande.statut': 'Une commande change de statut',
  'ligne.statut': 'Une ligne est activée, suspendue ou résiliée',
  'alerte.consommation': 'Une alerte de consommation est déclenchée',
  'traitement.termine': 'Une action groupée est terminée',
};

/** Webhooks an account may have. */
export const WEBHOOKS_MAX = 10;
/** The longest URL. */
export const WEBHOOK_URL_MAX = 2000;
/** How long the previous secret still signs after a rotation, in hours. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** A delivery succeeds on a 2xx within this many seconds. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** An endpoint failing this long is disabled and its account's managers mailed. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;
/** What is kept of an answer's body, in bytes. */
export const WEBHOOK_RESPONSE_KEPT_BYTES = 1024;

export const webhooksAccountParamSchema = lazySchema(() => z.object({ idClientBscs: idSchema('Le compte de facturation') }));
export const webhookParamSchema = lazySchema(() =>
  z.object({ idClientBscs: idSchema('Le compte de facturation'), idWebhook: z.uuid('Ce webhook n’existe pas.').describe('Le webhook') }),
);
export const webhookDeliveryParamSchema = lazySchema(() =>
  z.object({
    idClientBscs: idSchema('Le compte de facturation'),
    idWebhook: z.uuid('Ce webhook n’existe pas.'),
    idLivraison: z.uuid('Cette livraison n’existe pas.'),
  }),
);

export const webhookInputSchema = lazySchema(() =>
  z.strictObject({
    url: z
      .string('Indiquez l’adresse qui recevra les événements.')
      .trim()
      .min(1, 'Indiquez l’adresse qui recevra les événements.')
      .max(WEBHOOK_URL_MAX, `L’adresse compte au plus ${WEBHOOK_URL_MAX} caractères.`)
      .describe('L’adresse https qui reçoit les événements (POST)'),
    evenements: z
      .array(z.enum(WEBHOOK_EVENTS, 'Un événement est inconnu.'), 'Choisissez au moins un événement.')
      .min(1, 'Choisissez au moins un événement.')
      .max(WEBHOOK_EVENTS.length)
      .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
    actif: z.boolean('Indiquez si le webhook est actif.').default(true),
  }),
);
export type WebhookInput = z.infer<typeof webhookInputSchema>;

export const webhookSchema = lazySchema(() =>
  z.object({
    idWebhook: z.uuid(),
    url: z.string(),
    evenements: z.array(z.enum(WEBHOOK_EVENTS)),
    actif: z.boolean(),
    creeLe: z.string(),
    desactiveLe: z.string().nullable().describe('Quand le portail l’a désactivé après 24 heures d’échecs'),
    ancienSecretValideJusquA: z.string().nullable().describe('Après une rotation, la fin de validité de l’ancien secret'),
  }),
);
export type Webhook = z.infer<typeof webhookSchema>;
export const webhooksAnswerSchema = lazySchema(() => z.object({ webhooks: z.array(webhookSchema) }));
/** A creation or a rotation: the signing secret (`whsec_` + base64), shown this one time. */
export const webhookWithSecretSchema = lazySchema(() => webhookSchema.extend({ secret: z.string() }));
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['EN_ATTENTE', 'LIVREE', 'ECHEC', 'ABANDONNEE'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  EN_ATTENTE: 'En attente',
  LIVREE: 'Livrée',
  ECHEC: 'En échec, nouvel essai prévu',
  ABANDONNEE: 'Abandonnée',
};

export const webhookAttemptSchema = lazySchema(() =>
  z.object({
    le: z.string(),
    codeHttp: z.number().int().nullable().describe('Le statut HTTP répondu ; null sans réponse'),
    dureeMs: z.number().int(),
    erreur: z.string().nullable(),
  }),
);
export const webhookDeliverySchema = lazySchema(() =>
  z.object({
    idLivraison: z.uuid(),
    idEvenement: z.string().describe('webhook-id : le même à chaque essai et renvoi'),
    type: z.enum(WEBHOOK_EVENTS),
    creeLe: z.string(),
    statut: z.enum(WEBHOOK_DELIVERY_STATUSES),
    tentatives: z.number().int(),
    prochaineTentative: z.string().nullable(),
    essais: z.array(webhookAttemptSchema),
  }),
);
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesAnswerSchema = lazySchema(() => z.object({ livraisons: z.array(webhookDeliverySchema) }));
