import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { SECURITY_ERRORS } from './security-errors.ts';

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

/** Longest WebAuthn answer accepted (JSON text of a registration or an assertion, decision 056). */
export const PASSKEY_RESPONSE_MAX = 16_000;

/** The OAuth error of POST /api/token when the right code still needs a second factor. */
export const MFA_REQUIRED_ERROR = 'mfa_required';

/** How long the `mfa_token` of a sign-in's first step lives, and how many wrong second steps it bears. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
export const MFA_TOKEN_MAX_FAILURES = 5;

/** The second-step grants of POST /api/token. */
export const MFA_GRANT_TYPES = ['mfa_otp', 'mfa_recovery_code', 'mfa_passkey'] as const;
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
  mfaRequiredWithPasskey: 'Une seconde vérification est nécessaire : utilisez votre clé d’accès, le code de votre application d’authentification ou l’un de vos codes de secours.',
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
    /** The user's passkeys (decision 056). */
    passkeys: z.number().int().min(0),
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
    z.object({ grant_type: z.literal('mfa_passkey'), mfa_token: z.string().min(1).max(100), assertion: z.string().min(1).max(PASSKEY_RESPONSE_MAX) }),
  ]),
);
export type MfaTokenRequest = z.infer<typeof mfaTokenRequestSchema>;

/*
 * Passkeys (WebAuthn, decision 056): registered under /api/securite/passkeys, a second factor after
 * the code (`grant_type=mfa_passkey`) and a sign-in by themselves (`grant_type=passkey`), since a
 * passkey with user verification is multi-factor on its own.
 */

/** A passkey's name, once trimmed. */
export const PASSKEY_NAME_MAX = 60;
/** How long a WebAuthn challenge (registration or sign-in) may be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** The grant of a sign-in with a passkey alone. */
export const PASSKEY_GRANT_TYPE = 'passkey';

/** C0 and C1 control characters, and the line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- what it refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A passkey's name as the user types it (« Téléphone de Claire »): trimmed, 1 to 60 characters, no control character. */
export const passkeyNameSchema = lazySchema(() =>
  z
    .string(SECURITY_ERRORS.PASSKEY_NAME_INVALID.message)
    .max(500, SECURITY_ERRORS.PASSKEY_NAME_TOO_LONG.message)
    .trim()
    .min(1, SECURITY_ERRORS.PASSKEY_NAME_INVALID.message)
    .max(PASSKEY_NAME_MAX, SECURITY_ERRORS.PASSKEY_NAME_TOO_LONG.message)
    .refine((name) => !CONTROL.test(name), SECURITY_ERRORS.PASSKEY_NAME_CONTROL.message),
);

const base64url = () => z.string().max(PASSKEY_RESPONSE_MAX).regex(/^[A-Za-z0-9_-]*={0,2}$/);
const transportsSchema = () => z.array(z.string().max(30)).max(10);
const extensionsSchema = () => z.record(z.string(), z.unknown());
/** The extensions the server asks for: the credential's properties (was it made discoverable). */
const requestedExtensionsSchema = () => z.object({ credProps: z.boolean().optional() });
const credentialDescriptorSchema = () => z.object({ id: base64url(), type: z.string(), transports: transportsSchema().optional() });

/** What the browser's navigator.credentials.create() gave (RegistrationResponseJSON). */
export const passkeyAttestationSchema = lazySchema(() =>
  z.object({
    id: base64url(),
    rawId: base64url(),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url(),
      attestationObject: base64url(),
      authenticatorData: base64url().optional(),
      transports: transportsSchema().optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url().optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: extensionsSchema(),
  }),
);
export type PasskeyAttestation = z.infer<typeof passkeyAttestationSchema>;

/** What the browser's navigator.credentials.get() gave (AuthenticationResponseJSON), sent as JSON text in `assertion`. */
export const passkeyAssertionSchema = lazySchema(() =>
  z.object({
    id: base64url(),
    rawId: base64url(),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url(),
      authenticatorData: base64url(),
      signature: base64url(),
      userHandle: base64url().optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: extensionsSchema(),
  }),
);
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/** POST /api/securite/passkeys/options: what navigator.credentials.create() is given (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyRegistrationOptionsSchema = lazySchema(() =>
  z.object({
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.string() })),
    timeout: z.number().int().optional(),
    excludeCredentials: z.array(credentialDescriptorSchema()).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
        userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
      })
      .optional(),
    hints: z.array(z.string()).optional(),
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
    extensions: requestedExtensionsSchema().optional(),
  }),
);
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** POST /api/token/passkey/options: what navigator.credentials.get() is given (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyAuthenticationOptionsSchema = lazySchema(() =>
  z.object({
    challenge: z.string(),
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptorSchema()).optional(),
    userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    hints: z.array(z.string()).optional(),
    extensions: requestedExtensionsSchema().optional(),
  }),
);
export type PasskeyAuthenticationOptions = z.infer<typeof passkeyAuthenticationOptionsSchema>;

/** POST /api/token/passkey/options (form or JSON): with the first step's `mfa_token`, the options of that second step; without, of a sign-in with a passkey alone. */
export const passkeyAuthenticationOptionsRequestSchema = lazySchema(() =>
  z.object({ mfa_token: z.string().min(1).max(100).optional() }).optional(),
);

/** POST /api/securite/passkeys: the name given and the browser's answer to the options. */
export const passkeyRegistrationRequestSchema = lazySchema(() => z.object({ nom: passkeyNameSchema, attestation: passkeyAttestationSchema }));
export type PasskeyRegistrationRequest = z.input<typeof passkeyRegistrationRequestSchema>;

/** PATCH /api/securite/passkeys/{id}. */
export const passkeyRenameRequestSchema = lazySchema(() => z.object({ nom: passkeyNameSchema }));
export type PasskeyRenameRequest = z.input<typeof passkeyRenameRequestSchema>;

export const passkeyParamsSchema = lazySchema(() => z.object({ id: z.string().max(100) }));

/** A passkey as the security page lists it. */
export const passkeySchema = lazySchema(() =>
  z.object({
    id: z.string().describe('Identifiant de la clé d’accès, pour la renommer ou la retirer'),
    nom: z.string(),
    /** ISO date-time. */
    creeLe: z.string(),
    /** ISO date-time of its last sign-in; null while never used. */
    derniereUtilisation: z.string().nullable(),
  }),
);
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = lazySchema(() => z.array(passkeySchema));

/** The passkey registered; the user's first factor also brings the recovery codes, shown once. */
export const passkeyCreatedSchema = lazySchema(() =>
  passkeySchema.extend({ codesDeSecours: z.array(z.string()).length(RECOVERY_CODE_COUNT).optional() }),
);
export type PasskeyCreated = z.infer<typeof passkeyCreatedSchema>;

/** POST /api/token `grant_type=passkey` (form-urlencoded): the assertion as JSON text. */
export const passkeyTokenRequestSchema = lazySchema(() =>
  z.object({ grant_type: z.literal(PASSKEY_GRANT_TYPE), assertion: z.string().min(1).max(PASSKEY_RESPONSE_MAX) }),
);
export type PasskeyTokenRequest = z.infer<typeof passkeyTokenRequestSchema>;
