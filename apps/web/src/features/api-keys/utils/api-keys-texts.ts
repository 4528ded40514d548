import { API_KEY_LABEL_MAX, API_KEY_MAX_DAYS, API_KEYS_MAX_ACTIVE, API_REQUESTS_PER_MINUTE, API_TOKEN_SECONDS, type ApiKey } from '@ecare/shared/api-keys';

/** Where the public API gives its bearer tokens (client credentials grant). */
export const OAUTH_TOKEN_PATH = '/api/v1/oauth/token';

/** The words of the keys' part of the page that the shared API_KEYS_TEXTS leaves to it. */
export const API_KEYS_PAGE_TEXTS = {
  intro: `Une clé d’API permet aux outils de votre entreprise (notes de frais, comptabilité, gestion de flotte) de lire les données de ce compte de facturation, dans les limites des portées choisies et jusqu’à sa date d’expiration. Le compte peut avoir ${API_KEYS_MAX_ACTIVE} clés actives à la fois.`,
  oauth: `Avec la clé, l’outil demande un jeton à ${OAUTH_TOKEN_PATH} (grant_type=client_credentials), valable ${API_TOKEN_SECONDS / 60} minutes, puis l’envoie dans l’en-tête Authorization: Bearer. Chaque clé peut faire ${API_REQUESTS_PER_MINUTE} requêtes par minute.`,
  activeCaption: 'Clés d’API actives',
  inactiveTitle: 'Clés révoquées ou expirées',
  inactiveCaption: 'Clés d’API révoquées ou expirées',
  emptyTitle: 'Aucune clé d’API active.',
  emptyManager: 'Créez-en une ci-dessous pour chaque outil qui doit lire les données du compte.',
  emptyAgent: 'Seul un gestionnaire du compte peut en créer une.',
  loading: 'Chargement des clés d’API…',
  neverUsed: 'Jamais utilisée',
  agentNote: 'En tant que conseiller, vous voyez les clés du client et pouvez en révoquer une\u00a0; seul un gestionnaire du compte peut en créer.',
  revokeConfirm: 'Oui, révoquer la clé',
} as const;

export const API_KEY_STATUS_LABELS: Record<ApiKey['statut'], string> = {
  ACTIVE: 'Active',
  EXPIREE: 'Expirée',
  REVOQUEE: 'Révoquée',
};

export const API_KEY_FORM_TEXTS = {
  label: 'Nom de la clé',
  labelHelp: `L’outil qui l’utilise, pour la reconnaître dans la liste (par exemple «\u00a0Logiciel de notes de frais\u00a0»), ${API_KEY_LABEL_MAX} caractères au plus.`,
  scopes: 'Ce que la clé peut lire',
  scopesHelp: 'Choisissez au moins une portée\u00a0: seulement ce dont l’outil a besoin.',
  expiry: 'Date d’expiration',
  expiryHelp: `Le dernier jour où la clé est valable, au plus ${API_KEY_MAX_DAYS} jours après aujourd’hui.`,
  expiryRequired: 'Indiquez la date d’expiration de la clé.',
} as const;

export const API_KEY_SHOWN_TEXTS = {
  keyLabel: 'Clé d’API',
  copy: 'Copier la clé',
  copied: 'La clé est copiée dans le presse-papiers.',
  copyFailed: 'La copie n’a pas abouti\u00a0: sélectionnez la clé et copiez-la vous-même.',
  oauthTitle: 'Pour obtenir un jeton (OAuth 2.0, client credentials)',
  clientSecret: 'la clé ci-dessus',
  done: 'J’ai copié la clé',
} as const;
