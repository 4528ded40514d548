import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { emailSchema } from './auth.ts';
import { API_ERRORS } from './error-catalogue.ts';

/** The 21 special characters of the new-code rule (spec §5, §9), space included. */
export const SPECIAL_CHARACTERS = ' !#$%&()*+,-./:;=?@_~';
/** Never accepted in a confidential code (spec §5). */
export const FORBIDDEN_CHARACTERS = `'"<>`;
export const NEW_CODE_LENGTH = { min: 8, max: 20 } as const;
export const POOL_SIZES = { lower: 26, upper: 26, digit: 10, special: 21 } as const;
export const ENTROPY_THRESHOLDS = { warning: 78, good: 104 } as const;

export const PASSWORD_MESSAGES = {
  requirementsUnmet: API_ERRORS.PASSWORD_RULES.message,
  forbiddenCharacters: API_ERRORS.PASSWORD_FORBIDDEN_CHARACTERS.message,
  common: API_ERRORS.PASSWORD_COMMON.message,
  sameAsOld: API_ERRORS.PASSWORD_SAME.message,
  oldIncorrect: API_ERRORS.OLD_PASSWORD.message,
  mismatch: API_ERRORS.PASSWORD_MISMATCH.message,
} as const;

export interface PasswordCriteria {
  length: boolean;
  lower: boolean;
  upper: boolean;
  special: boolean;
  digit: boolean;
}

const isLower = (c: string) => c >= 'a' && c <= 'z';
const isUpper = (c: string) => c >= 'A' && c <= 'Z';
const isDigit = (c: string) => c >= '0' && c <= '9';
const isSpecial = (c: string) => SPECIAL_CHARACTERS.includes(c);

/** The five criteria of the checklist, in the order the widget shows them. */
export function passwordCriteria(code: string): PasswordCriteria {
  const chars = [...code];
  return {
    length: chars.length >= NEW_CODE_LENGTH.min,
    lower: chars.some(isLower),
    upper: chars.some(isUpper),
    special: chars.some(isSpecial),
    digit: chars.some(isDigit),
  };
}

export function hasForbiddenCharacters(code: string): boolean {
  return [...code].some((c) => FORBIDDEN_CHARACTERS.includes(c));
}

/** Entropy in bits: length × log2 of the pools the code draws from (26/26/10/21). */
export function passwordEntropy(code: string): number {
  const chars = [...code];
  if (chars.length === 0) return 0;
  let pool = 0;
  if (chars.some(isLower)) pool += POOL_SIZES.lower;
  if (chars.some(isUpper)) pool += POOL_SIZES.upper;
  if (chars.some(isDigit)) pool += POOL_SIZES.digit;
  if (chars.some(isSpecial)) pool += POOL_SIZES.special;
  return pool === 0 ? 0 : chars.length * Math.log2(pool);
}

export type StrengthLevel = 'empty' | 'danger' | 'warning' | 'good';

/** Strength bar: above 104 bits 100 % good, above 78 60 % warning, otherwise 30 % danger, empty 0. */
export function passwordStrength(code: string): { percent: 0 | 30 | 60 | 100; level: StrengthLevel } {
  if (code.length === 0) return { percent: 0, level: 'empty' };
  const entropy = passwordEntropy(code);
  if (entropy > ENTROPY_THRESHOLDS.good) return { percent: 100, level: 'good' };
  if (entropy > ENTROPY_THRESHOLDS.warning) return { percent: 60, level: 'warning' };
  return { percent: 30, level: 'danger' };
}

/** Whether the code meets every rule of a new confidential code (the list of common codes is checked by the server). */
export function isRobustPassword(code: string): boolean {
  const chars = [...code];
  const criteria = passwordCriteria(code);
  return (
    chars.length <= NEW_CODE_LENGTH.max &&
    !hasForbiddenCharacters(code) &&
    Object.values(criteria).every(Boolean)
  );
}

/** The first rule a new code breaks, as its error code; null when it meets them all. */
export function newPasswordProblem(code: string): 'PASSWORD_FORBIDDEN_CHARACTERS' | 'PASSWORD_RULES' | null {
  if (hasForbiddenCharacters(code)) return 'PASSWORD_FORBIDDEN_CHARACTERS';
  if (!isRobustPassword(code)) return 'PASSWORD_RULES';
  return null;
}

const guid = lazySchema(() => z.string().trim().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/));
export const guidParamSchema = lazySchema(() => z.object({ guid }));

/** GET /api/guid/verifier/{guid}. */
export const guidCheckSchema = lazySchema(() => z.object({ ok: z.boolean(), email: z.string() }));

/**
 * Creation of a code from an e-mailed link. `Password` is the client-side hash the server
 * stores (spec §3); `codeConfidentiel` lets the server check every rule again.
 */
export const updatePasswordRequestSchema = lazySchema(() =>
  z.object({
    guid,
    Password: z.string().min(1).max(200),
    codeConfidentiel: z.string().max(100),
  }),
);
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

/** Change of code by a logged-in user. */
export const changePasswordRequestSchema = lazySchema(() =>
  z.object({
    ancienPassword: z.string().min(1).max(200),
    Password: z.string().min(1).max(200),
    codeConfidentiel: z.string().max(100),
  }),
);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Forgotten-code requests: the e-mail (max 50, spec §5) and the captcha token. */
export const RESET_EMAIL_MAX = 50;
export const resetRequestSchema = lazySchema(() =>
  z.object({
    email: z.string().trim().max(RESET_EMAIL_MAX).pipe(emailSchema),
    captcha: z.string().max(4000).optional(),
  }),
);
export type ResetRequest = z.infer<typeof resetRequestSchema>;

export const PASSWORD_RESET_MESSAGES = {
  success: "Vous allez recevoir un email vous permettant d’initialiser votre mot de passe",
  pending: API_ERRORS.RESET_PENDING.message,
  checkFailed:
    "Une erreur est survenue. Votre demande de modification de mot de passe n’a pas pu être prise en compte. Veuillez nous en excuser et réessayer ultérieurement.",
  invalidLink: API_ERRORS.LINK_INVALID.message,
} as const;

