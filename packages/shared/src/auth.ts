import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { LOGIN_LIMITS } from './constants.ts';

export { LOGIN_LIMITS, MESSAGES } from './constants.ts';

/** PBKDF2 parameters the browser uses before a confidential code leaves it (spec §5, §9). */
export const CLIENT_HASH = { iterations: 10_000, keyBytes: 24, hash: 'SHA-256' } as const;

/** Salt source: first 8 characters of the trimmed, lower-cased identifier, reversed. */
export function clientHashSalt(identifier: string): string {
  return [...identifier.trim().toLowerCase().slice(0, 8)].reverse().join('');
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Hashes a confidential code as the browser sends it: PBKDF2-HMAC-SHA256 over the trimmed
 * code, salted with {@link clientHashSalt}, Base64 output. WebCrypto only, so the same code
 * runs in the browser, in Node (seed, tests) and nowhere needs a crypto library.
 */
export async function hashConfidentialCode(identifier: string, code: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(code.trim()), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: CLIENT_HASH.hash,
      salt: encoder.encode(clientHashSalt(identifier)),
      iterations: CLIENT_HASH.iterations,
    },
    key,
    CLIENT_HASH.keyBytes * 8,
  );
  return toBase64(new Uint8Array(bits));
}



export const emailSchema = lazySchema(() => z.string().trim().max(254).pipe(z.email()));

/** What the customer types on the login page (checked before hashing). */
export const loginFormSchema = lazySchema(() =>
  z.object({
    username: emailSchema,
    password: z.string().min(LOGIN_LIMITS.passwordMin).max(LOGIN_LIMITS.passwordMax),
  }),
);
export type LoginForm = z.infer<typeof loginFormSchema>;

/** OAuth2 password-grant body of POST /api/token (form-urlencoded). */
export const tokenRequestSchema = lazySchema(() =>
  z.object({
    username: z.string().max(254),
    password: z.string().max(200),
    grant_type: z.string().max(50),
    captcha: z.string().max(4000).optional(),
    ip: z.string().max(64).optional(),
    /** Agent mode's composite login only: why the agent connects to the customer (decision 032). */
    motif: z.string().max(500).optional(),
  }),
);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/**
 * What POST /api/token reads, for every grant: the password grant's fields (checked with
 * tokenRequestSchema when it is that grant), or a second step's (`mfa_otp`, `mfa_recovery_code`:
 * mfaTokenRequestSchema, decision 054).
 */
export const tokenEndpointRequestSchema = lazySchema(() =>
  z.object({
    username: z.string().max(254).optional(),
    password: z.string().max(200).optional(),
    grant_type: z.string().max(50),
    captcha: z.string().max(4000).optional(),
    ip: z.string().max(64).optional(),
    motif: z.string().max(500).optional(),
    mfa_token: z.string().max(100).optional(),
    otp: z.string().max(20).optional(),
    recovery_code: z.string().max(40).optional(),
    /** A passkey's answer (JSON text), grants `mfa_passkey` and `passkey` (decision 056). */
    assertion: z.string().max(16_000).optional(),
  }),
);
export type TokenEndpointRequest = z.infer<typeof tokenEndpointRequestSchema>;

export const tokenResponseSchema = lazySchema(() =>
  z.object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    /** After an enrolment at sign-in only (decision 057): the recovery codes, shown once. */
    codesDeSecours: z.array(z.string()).optional(),
  }),
);
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const tokenErrorSchema = lazySchema(() =>
  z.object({
    error: z.enum(['invalid_grant', 'invalid_request', 'unsupported_grant_type', 'slow_down']),
    error_description: z.string(),
  }),
);
export type TokenError = z.infer<typeof tokenErrorSchema>;

/** GET /api/current_user (spec §3 "Current user"). */
export const currentUserSchema = lazySchema(() =>
  z.object({
    utilisateur: z.boolean(),
    mandataire: z.boolean(),
    gestionnaire: z.boolean(),
    serviceClient: z.boolean(),
    administration: z.boolean(),
    prenom: z.string(),
    nom: z.string(),
    email: z.string(),
    usernameSC: z.string().nullable(),
    nomSC: z.string().nullable(),
    idClientBscs: z.number().int().nullable(),
    idClientBscsMandataire: z.number().int().nullable(),
    /** The line of a simple line user (utilisateur); null for managers. */
    idContrat: z.number().int().nullable(),
  }),
);
export type CurrentUser = z.infer<typeof currentUserSchema>;

