import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the user's own sessions (decision 055). */
export const USER_SESSIONS_ERRORS = {
  USER_SESSION_UNKNOWN: { status: 404, message: 'Cette session n’existe pas ou a déjà pris fin.' },
} as const satisfies Record<string, CatalogueEntry>;
