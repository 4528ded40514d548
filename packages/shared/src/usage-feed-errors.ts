import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the usage feed (`POST /api/interne/usages`, decision 045). */
export const USAGE_FEED_ERRORS = {
  USAGE_FEED_CLOSED: { status: 403, message: 'Le flux de consommation n’est pas ouvert sur ce serveur (USAGE_FEED_TOKEN n’est pas défini).' },
  USAGE_FEED_TOKEN_INVALID: { status: 401, message: 'Le jeton du flux de consommation est absent ou invalide.' },
} as const satisfies Record<string, CatalogueEntry>;
