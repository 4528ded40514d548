import { CAPTCHA_MESSAGE, INVALID_GRANT_MESSAGE, MAINTENANCE_ERROR_MESSAGE } from './core-messages.ts';

/**
 * Constants with no dependency on zod, so the lightest routes (login) can import them without
 * pulling in zod. The schema modules re-export them.
 */

export const LOGIN_LIMITS = { usernameMax: 254, passwordMin: 4, passwordMax: 100 } as const;

export const MESSAGES = {
  loginInvalid: INVALID_GRANT_MESSAGE,
  invalidGrant: INVALID_GRANT_MESSAGE,
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  captchaFailed: CAPTCHA_MESSAGE,
} as const;

/** Inactivity after which a session ends, on both sides (spec §4, §9). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

/** Server flags are text; the spec compares them to 'true' (case aside). */
export function isParameterOn(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

/** Header carried by every API answer while the portal is in maintenance (spec §8). */
export const MAINTENANCE_HEADER = 'en_maintenance';

export const MAINTENANCE_MESSAGE = MAINTENANCE_ERROR_MESSAGE;

/** The largest id a PostgreSQL `integer` column holds: an id above it names nothing, and is refused as input. */
export const MAX_ID = 2_147_483_647;
