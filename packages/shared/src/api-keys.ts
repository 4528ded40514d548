import { z } from 'zod';
import { idSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * The customer's keys to the public API (decision 061): a manager creates them on /mon-compte/api
 * for the company's own tools (expense management, accounting, MDM). A key reads one billing
 * account, within its scopes, until it expires or is revoked; it is shown once and kept hashed.
 */

export const API_KEY_SCOPES = ['lignes:lecture', 'factures:lecture', 'consommation:lecture', 'commandes:lecture'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'lignes:lecture': 'Lignes (parc, statuts, SIM, centres de coût)',
  'factures:lecture': 'Factures et leurs lignes',
  'consommation:lecture': 'Consommation par ligne et par jour',
  'commandes:lecture': 'Commandes et leur avancement',
};

/** Active (neither revoked nor expired) keys an account may have at once. */
export const API_KEYS_MAX_ACTIVE = 10;
/** The longest life of a key, in days from its creation. */
export const API_KEY_MAX_DAYS = 366;
/** How long a bearer token of POST /api/v1/oauth/token lasts, in seconds. */
export const API_TOKEN_SECONDS = 3600;
/** Requests a key (with its tokens) may make per minute. */
export const API_REQUESTS_PER_MINUTE = 600;
/** The label's longest length. */
export const API_KEY_LABEL_MAX = 80;

export const apiKeysAccountParamSchema = lazySchema(() => z.object({ idClientBscs: idSchema('Le compte de facturation') }));
export const apiKeyParamSchema = lazySchema(() =>
  z.object({ idClientBscs: idSchema('Le compte de facturation'), idCle: z.uuid('Cette clé d’API n’existe pas.').describe('La clé') }),
);

export const apiKeyInputSchema = lazySchema(() =>
  z.strictObject({
    libelle: z
      .string('Donnez un nom à la clé.')
      .trim()
      .min(1, 'Donnez un nom à la clé.')
      .max(API_KEY_LABEL_MAX, `Le nom de la clé compte au plus ${API_KEY_LABEL_MAX} caractères.`)
      .describe('Ce à quoi sert la clé (l’outil qui l’utilise)'),
    portees: z
      .array(z.enum(API_KEY_SCOPES, 'Une portée est inconnue.'), 'Choisissez au moins une portée.')
      .min(1, 'Choisissez au moins une portée.')
      .max(API_KEY_SCOPES.length)
      .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope)))
      .describe('Ce que la clé peut lire'),
    expireLe: z.iso
      .date('La date d’expiration doit être au format AAAA-MM-JJ.')
      .describe(`Le dernier jour (heure de Paris) où la clé est valable ; au plus ${API_KEY_MAX_DAYS} jours après sa création`),
  }),
);
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

export const apiKeyCreatedSchema = lazySchema(() =>
  z.object({
    idCle: z.uuid(),
    prefixe: z.string().describe('Le début de la clé, qui la reconnaît dans la liste'),
    cle: z.string().describe('La clé entière, montrée cette seule fois ; aussi le client_secret OAuth de client_id = idCle'),
  }),
);
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeySchema = lazySchema(() =>
  z.object({
    idCle: z.uuid(),
    libelle: z.string(),
    prefixe: z.string(),
    portees: z.array(z.enum(API_KEY_SCOPES)),
    creeLe: z.string().describe('ISO 8601'),
    creePar: z.string().describe('Le nom de qui l’a créée'),
    expireLe: z.iso.date(),
    derniereUtilisation: z.string().nullable().describe('ISO 8601 ; à la minute près'),
    revoqueeLe: z.string().nullable(),
    revoqueePar: z.string().nullable(),
    statut: z.enum(['ACTIVE', 'EXPIREE', 'REVOQUEE']),
  }),
);
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeysAnswerSchema = lazySchema(() => z.object({ cles: z.array(apiKeySchema) }));
export type ApiKeysAnswer = z.infer<typeof apiKeysAnswerSchema>;

/** POST /api/v1/oauth/token (form or JSON): the client credentials grant, client_id the key's id, client_secret the key. */
export const oauthTokenRequestSchema = lazySchema(() =>
  z.object({
    grant_type: z.string().max(64).optional(),
    client_id: z.string().max(200).optional(),
    client_secret: z.string().max(200).optional(),
    scope: z.string().max(500).optional(),
  }),
);
export const oauthTokenAnswerSchema = lazySchema(() =>
  z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    scope: z.string().describe('Les portées de la clé, séparées par des espaces'),
  }),
);
export const oauthErrorSchema = lazySchema(() => z.object({ error: z.string(), error_description: z.string() }));

export const API_KEYS_TEXTS = {
  title: 'API et webhooks',
  keysTitle: 'Clés d’API',
  create: 'Créer une clé',
  shownOnce: 'Copiez cette clé maintenant : elle ne sera plus jamais affichée.',
  revoke: 'Révoquer',
  revokeTitle: 'Révoquer cette clé ?',
  revokeBody: 'Les outils qui l’utilisent ne pourront plus lire les données du compte, dès maintenant.',
  revoked: 'La clé est révoquée.',
} as const;
