import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * What the user's security page (`/mon-compte/securite`) and the second step of the login page
 * read and send (issue 29): the authenticator app (TOTP, RFC 6238), its recovery codes and the
 * answer of `POST /api/token` when a second factor is due.
 */

/** Digits of an authenticator app's code. */
export const TOTP_CODE_LENGTH = 6;
/** Recovery codes given when the authenticator app is confirmed, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** Longest recovery code accepted as typed (spaces and dashes included). */
export const RECOVERY_CODE_MAX = 64;

/** The OAuth error of `POST /api/token` when the right code still needs a second factor. */
export const MFA_REQUIRED_ERROR = 'mfa_required';
/** Second factors the login page knows how to ask for. */
export const MFA_METHODS = ['totp', 'passkey', 'secours'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

const TOTP_CODE_PATTERN = new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`);

/** A code as an app shows it: six digits, maybe typed « 123 456 ». */
export const totpCodeSchema = lazySchema(() =>
  z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(TOTP_CODE_PATTERN)),
);

/** A recovery code as typed (the server compares it after its own normalisation). */
export const recoveryCodeSchema = lazySchema(() => z.string().trim().min(1).max(RECOVERY_CODE_MAX));

/** `GET /api/securite`: the signed-in user's second factors. */
export const securityOverviewSchema = lazySchema(() =>
  z.object({
    totp: z.object({
      actif: z.boolean(),
      /** ISO date-time of the confirmation; null while no app is confirmed. */
      depuis: z.string().nullable(),
    }),
    /** Recovery codes not used yet. */
    codesDeSecoursRestants: z.number().int().min(0),
  }),
);
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** `POST /api/securite/totp/inscription`: a new secret, waiting for its first code. */
export const totpEnrolmentSchema = lazySchema(() =>
  z.object({
    /** Base32 secret, for manual entry. */
    secret: z.string().min(1),
    otpauthUrl: z.string().startsWith('otpauth://'),
    /** The otpauth URL as a QR code: a PNG data URL. */
    qrCode: z.string().startsWith('data:image/png;base64,'),
  }),
);
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** `POST /api/securite/totp/confirmation` and `DELETE /api/securite/totp`: a current code. */
export const totpCodeBodySchema = lazySchema(() => z.object({ code: totpCodeSchema }));
export type TotpCodeBody = z.output<typeof totpCodeBodySchema>;

/** The answer of the confirmation: the recovery codes, shown this once. */
export const recoveryCodesSchema = lazySchema(() => z.object({ codesDeSecours: z.array(z.string().min(1)).min(1) }));
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** `DELETE /api/securite/totp` answers 204 (no body) or `{ ok: true }`. */
export const totpRemovalSchema = lazySchema(() => z.union([z.null(), z.object({ ok: z.literal(true) })]));

/** `POST /api/token` refused with 403 until a second factor is given. */
export const mfaRequiredSchema = lazySchema(() =>
  z.object({
    error: z.literal(MFA_REQUIRED_ERROR),
    error_description: z.string(),
    /** Bound to this first step, valid a few minutes, used once. */
    mfa_token: z.string().min(1),
    /** Methods may grow: unknown ones are kept out, not refused. */
    methodes: z.array(z.string()).transform((methods) => methods.filter((method): method is MfaMethod => (MFA_METHODS as readonly string[]).includes(method))),
  }),
);
export type MfaRequired = z.output<typeof mfaRequiredSchema>;
