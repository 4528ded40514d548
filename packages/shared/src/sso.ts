import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * Single sign-on of agents (spec §3 "Single sign-on URL keys", "Gaia info", "Context request",
 * "Context response", "Context update payload", §4 "Gaia entry", "One-click SSO"; decision 034).
 */

/** The one-click URL keys, in the canonical order they are signed in (decision 034). */
export const ONECLIC_KEYS = ['idmodule', 'id_sso', 'urlAppelVQD', 'coderegate', 'idContexteClient', 'idrh'] as const;
export type OneclicKey = (typeof ONECLIC_KEYS)[number];
/** Query names of the signature's timestamp (Unix seconds) and HMAC-SHA-256 (hex). */
export const ONECLIC_TIMESTAMP = 'ts';
export const ONECLIC_SIGNATURE = 'sig';
/** How long a signed one-click URL is accepted, and the clock difference tolerated ahead. */
export const ONECLIC_VALIDITY_SECONDS = 300;
export const ONECLIC_CLOCK_SKEW_SECONDS = 30;
/** The module of the add-line entry (spec §4: module ajl goes to add-line). */
export const SSO_MODULE_ADD_LINE = 'ajl';
/** The context type that goes home without a module (spec §3, §4). */
export const CONTEXT_TYPE_LPM_PRO = 'identifieLPMpro';

/**
 * The canonical text a one-click URL's signature covers: every key in ONECLIC_KEYS order, absent
 * ones empty, each `name=` + encodeURIComponent(value), then `ts=` + the timestamp, joined by `&`.
 */
export function oneclicCanonical(keys: Partial<Record<OneclicKey, string>>, timestamp: string): string {
  return [...ONECLIC_KEYS.map((name) => `${name}=${encodeURIComponent(keys[name] ?? '')}`), `${ONECLIC_TIMESTAMP}=${timestamp}`].join('&');
}

const key = (max: number) => z.string().trim().max(max).optional();

/** POST /api/sso/oneclic: the URL's keys as the page read them, with the timestamp and signature. */
export const oneclicRequestSchema = lazySchema(() =>
  z.object({
    idmodule: key(16),
    id_sso: key(64),
    urlAppelVQD: key(500),
    coderegate: key(6),
    idContexteClient: key(64),
    idrh: key(32),
    ts: z.string().max(12),
    sig: z.string().max(128),
  }),
);
export type OneclicRequest = z.infer<typeof oneclicRequestSchema>;

/** The keys once their signature is checked (spec §3 names: IdModule, IdSSO, …), as the SSO state keeps them. */
export const ssoKeysSchema = lazySchema(() =>
  z.object({
    IdModule: z.string().nullable(),
    IdSSO: z.string().nullable(),
    UrlAppelVQD: z.string().nullable(),
    CodeRegate: z.string().nullable(),
    IdContexteClient: z.string().nullable(),
    IdRh: z.string().nullable(),
  }),
);
export type SsoKeys = z.infer<typeof ssoKeysSchema>;

/** Validation by SSO id, acores or Régate code (spec §3 session data `logSSO`). */
export const ssoValidationSchema = lazySchema(() =>
  z.object({
    estValide: z.boolean(),
    idsso: z.string().nullable(),
    codeAcores: z.string().nullable(),
    codeRegate: z.string().nullable(),
  }),
);
export type SsoValidation = z.infer<typeof ssoValidationSchema>;

/** Path codes of the validation endpoints: letters, digits, dash, underscore. */
export const ssoCodeParamsSchema = lazySchema(() => z.object({ code: z.string().max(64) }));

/** A Gaia function code (`codefonction`, spec §3 and §4): letters, digits, `_` and `-`. */
export const GAIA_FUNCTION_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** `GET /api/gaia/connexion?codefonction=`: the function to open once Gaia has authenticated the agent. */
export const gaiaLoginQuerySchema = lazySchema(() => z.object({ codefonction: z.string().max(64).optional() }));

/** Gaia info (spec §3): what the portal knows of the agent Gaia authenticated. */
export const gaiaInfoSchema = lazySchema(() =>
  z.object({ codeRegate: z.string().nullable(), idrh: z.string().nullable(), idsso: z.string() }),
);
export type GaiaInfo = z.infer<typeof gaiaInfoSchema>;

/** GET /api/gaia/profil: the Gaia-authenticated agent's profile. */
export const gaiaProfileSchema = lazySchema(() =>
  gaiaInfoSchema.extend({
    nomSc: z.string(),
    loginSc: z.string(),
    profil: z.enum(['BDP', 'SERVICE_CLIENT_DISTANCE']),
    codeAcores: z.string().nullable(),
  }),
);
export type GaiaProfile = z.infer<typeof gaiaProfileSchema>;

/** GET /api/gaia/etat: whether Gaia is configured, and whether this browser holds a Gaia assertion. */
export const gaiaStateSchema = lazySchema(() => z.object({ configure: z.boolean(), authentifie: z.boolean() }));
export type GaiaState = z.infer<typeof gaiaStateSchema>;

export const urlResponseSchema = lazySchema(() => z.object({ url: z.string() }));

/** POST /api/service-client/regate: profile lookup by Régate code. */
export const regateLookupRequestSchema = lazySchema(() =>
  z.object({ codeRegate: z.string().max(64), idSso: z.string().max(64).optional() }),
);
export const regateProfileSchema = lazySchema(() =>
  z.object({
    codeRegate: z.string(),
    nomSc: z.string(),
    loginSc: z.string(),
    profil: z.enum(['BDP', 'SERVICE_CLIENT_DISTANCE']),
    idrh: z.string().nullable(),
  }),
);
export type RegateProfile = z.infer<typeof regateProfileSchema>;

/** POST /api/contexte/lire (spec §3 "Context request"). */
export const contextReadRequestSchema = lazySchema(() =>
  z.object({
    IdContexte: z.string().max(64),
    IdRh: z.string().max(32),
    UrlAppel: z.string().max(500),
  }),
);
export type ContextReadRequest = z.infer<typeof contextReadRequestSchema>;

/** Spec §3 "Context response". */
export const contextResponseSchema = lazySchema(() =>
  z.object({
    estConnexionOk: z.boolean(),
    email: z.string().nullable(),
    idClientLPM: z.string().nullable(),
    idCoclico: z.string().nullable(),
    idSouscriptionLPM: z.string().nullable(),
    typeContexteClient: z.string().nullable(),
  }),
);
export type ContextResponse = z.infer<typeof contextResponseSchema>;

/** POST /api/contexte/maj (spec §3 "Context update payload"). */
export const contextUpdateSchema = lazySchema(() =>
  z.object({
    estGestionnaire: z.boolean(),
    idContexte: z.string().max(64),
    idRh: z.string().max(32),
    urlAppel: z.string().max(500),
    idCoclico: z.string().max(64).nullable().optional(),
    idSouscriptionLPM: z.string().max(64).nullable().optional(),
    typeContexteClient: z.string().max(64).nullable().optional(),
    idClientBscs: z.number().int().positive().max(2_147_483_647).optional(),
  }),
);
export type ContextUpdate = z.infer<typeof contextUpdateSchema>;

/**
 * POST /api/sso/connexion: the SSO counterpart of the composite login (spec §4 one-click: "log in
 * with a login value built from the Régate code and client e-mail"), with the agent's token and
 * SSO assertion instead of a code. With `idContexte` the e-mail is the context's and the reason
 * defaults to the context.
 */
export const ssoConnectRequestSchema = lazySchema(() =>
  z.object({
    username: z.string().max(300),
    motif: z.string().max(500).optional(),
    idContexte: z.string().max(64).optional(),
  }),
);

/** The French texts of the SSO pages. */
export const SSO_MESSAGES = {
  redirecting: 'Redirection en cours',
  notConfigured: 'L’authentification unique Gaia n’est pas configurée sur ce portail. Connectez-vous avec votre identifiant et votre code confidentiel.',
  gaiaNotAllowed: 'Votre compte Gaia n’est pas autorisé à accéder à l’espace conseiller.',
  gaiaSignedOut: 'Vous avez été déconnecté de Gaia.',
  oneclicRefused: 'Ce lien de connexion est invalide ou a expiré. Relancez la connexion depuis votre poste conseiller.',
  windowClosed: 'La connexion est terminée : vous pouvez fermer cette fenêtre.',
} as const;
