import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * The second factor of a sign-in (decision 054): the authenticator app (TOTP, RFC 6238) and its
 * recovery codes. Enrolment under /api/securite/totp; the second step of POST /api/token.
 */

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, a 30-second step. */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, periodSeconds: 30 } as const;

/** Recovery codes given at confirmation, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** Longest recovery code accepted as typed (spaces and dashes included). */
export const RECOVERY_CODE_MAX = 40;

/** The OAuth error of POST /api/token when the right code still needs a second factor. */
export const MFA_REQUIRED_ERROR = 'mfa_required';

/** How long the `mfa_token` of a sign-in's first step lives, and how many wrong second steps it bears. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
export const MFA_TOKEN_MAX_FAILURES = 5;

/** The second-step grants of POST /api/token. */
export const MFA_GRANT_TYPES = ['mfa_otp', 'mfa_recovery_code'] as const;
export type MfaGrantType = (typeof MFA_GRANT_TYPES)[number];

/** The ways of answering a second step: `passkey` is announced once passkeys exist. */
export const MFA_METHODS = ['totp', 'passkey', 'secours'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export const SECURITY_TEXTS = {
  mfaRequired: 'Une seconde vérification est nécessaire : saisissez le code affiché par votre application d’authentification, ou l’un de vos codes de secours.',
  totpCodeFormat: 'Saisissez les 6 chiffres affichés par votre application d’authentification.',
  /** The answer to a subject who must have a second factor and has none yet (decision 057). */
  enrolmentRequired:
    'La vérification en deux étapes est obligatoire pour votre compte : inscrivez dès maintenant une application d’authentification pour terminer votre connexion.',
} as const;

/** A code as the authenticator app shows it (spaces allowed: « 123 456 »). */
export const totpCodeSchema = lazySchema(() =>
  z
    .string()
    .max(20)
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, SECURITY_TEXTS.totpCodeFormat)),
);

/** POST /api/securite/totp/inscription: the secret to type, the otpauth:// address and its QR code (PNG data URL). */
export const totpEnrolmentSchema = lazySchema(() =>
  z.object({
    secret: z.string(),
    otpauthUrl: z.string(),
    qrCode: z.string(),
  }),
);
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** POST /api/securite/totp/confirmation and DELETE /api/securite/totp. */
export const totpCodeRequestSchema = lazySchema(() => z.object({ code: totpCodeSchema }));
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;

/** The recovery codes, shown once. */
export const recoveryCodesSchema = lazySchema(() => z.object({ codesDeSecours: z.array(z.string()).length(RECOVERY_CODE_COUNT) }));
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/**
 * The 403 answer of POST /api/token when the code was right and a second step is needed. A client
 * keeps the methods it knows (more may come) rather than refusing the answer.
 */
export const mfaRequiredSchema = lazySchema(() =>
  z.object({
    error: z.literal(MFA_REQUIRED_ERROR),
    error_description: z.string(),
    mfa_token: z.string().min(1),
    methodes: z.array(z.string()).transform((methods) => methods.filter((method): method is MfaMethod => (MFA_METHODS as readonly string[]).includes(method))),
    /** The subject must have a second factor and has none: they enrol one first (X-Mfa-Token), decision 057. */
    inscriptionRequise: z.boolean().optional(),
  }),
);
export type MfaRequired = z.output<typeof mfaRequiredSchema>;

/** A recovery code as typed (the server compares it after its own normalisation). */
export const recoveryCodeSchema = lazySchema(() => z.string().trim().min(1).max(RECOVERY_CODE_MAX));

/** GET /api/securite: the signed-in user's second factors, as their security page shows them. */
export const securityOverviewSchema = lazySchema(() =>
  z.object({
    totp: z.object({
      actif: z.boolean(),
      /** ISO date-time of the confirmation; null while no app is confirmed. */
      depuis: z.string().nullable(),
    }),
    /** Recovery codes not used yet. */
    codesDeSecoursRestants: z.number().int().min(0),
    /** The user must keep a second factor (administration, or their company's policy, decision 057). */
    obligatoire: z.boolean(),
  }),
);
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** The header with which a sign-in's enrolment challenge starts an enrolment without a session (decision 057). */
export const MFA_TOKEN_HEADER = 'X-Mfa-Token';

/** The answer of DELETE /api/securite/totp. */
export const totpRemovalSchema = lazySchema(() => z.object({ ok: z.literal(true) }));

/** The second step's fields of POST /api/token (form-urlencoded), by grant. */
export const mfaTokenRequestSchema = lazySchema(() =>
  z.discriminatedUnion('grant_type', [
    z.object({ grant_type: z.literal('mfa_otp'), mfa_token: z.string().min(1).max(100), otp: z.string().max(20) }),
    z.object({ grant_type: z.literal('mfa_recovery_code'), mfa_token: z.string().min(1).max(100), recovery_code: z.string().max(40) }),
  ]),
);
export type MfaTokenRequest = z.infer<typeof mfaTokenRequestSchema>;
