import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the API keys and of the public API /api/v1 (decision 061). */
export const API_KEYS_ERRORS = {
  API_KEY_UNKNOWN: { status: 404, message: 'Cette clé d’API n’existe pas.' },
  API_KEYS_LIMIT: { status: 409, message: 'Ce compte a déjà 10 clés d’API actives : révoquez-en une avant d’en créer une autre.' },
  API_KEY_EXPIRY_INVALID: {
    status: 400,
    message: 'La date d’expiration doit être après aujourd’hui et au plus un an après la création de la clé.',
  },
  API_KEY_AGENT_FORBIDDEN: { status: 403, message: 'Seul un gestionnaire du compte peut créer une clé d’API.' },
  API_CREDENTIALS_INVALID: { status: 401, message: 'Clé d’API ou jeton absent, invalide, expiré ou révoqué.' },
  API_SCOPE_MISSING: { status: 403, message: 'La clé d’API n’a pas la portée que demande cette ressource.' },
  API_RATE_LIMITED: {
    status: 429,
    message: (values: { seconds: number }) => `Trop de requêtes pour cette clé : réessayez dans ${values.seconds} s.`,
  },
  API_RESOURCE_UNKNOWN: { status: 404, message: 'Cette ressource n’existe pas ou n’appartient pas au compte de la clé.' },
  API_OAUTH_CLIENT_INVALID: { status: 401, message: 'client_id ou client_secret invalide, expiré ou révoqué.', oauth: 'invalid_client' },
  API_OAUTH_GRANT_UNSUPPORTED: { status: 400, message: 'Seul grant_type=client_credentials est accepté.', oauth: 'unsupported_grant_type' },
} as const satisfies Record<string, CatalogueEntry>;
