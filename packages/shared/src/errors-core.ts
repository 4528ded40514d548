import {
  CAPTCHA_MESSAGE,
  FORBIDDEN_ACCOUNT_MESSAGE,
  FORBIDDEN_CONTRACT_MESSAGE,
  INTERNAL_MESSAGE,
  INVALID_GRANT_MESSAGE,
  MAINTENANCE_ERROR_MESSAGE,
} from './core-messages.ts';
import { plural, type CatalogueEntry } from './error-entries.ts';

export * from './core-messages.ts';

/**
 * The part of the error catalogue every page may need: requests, sessions and access, login,
 * abuse limits, the confidential code, the e-mail change and the service state. The login page
 * and the frame import this part alone; each feature's codes live in a part of their own
 * (`<feature>-errors.ts`), each named by one line of error-parts.ts and gathered in error-catalogue.ts.
 */
export const CORE_ERRORS = {
  // Requests the server cannot take.
  VALIDATION: { status: 400, message: 'La requête est invalide.' },
  NOT_FOUND: { status: 404, message: "La ressource demandée n’existe pas." },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Méthode non autorisée.' },
  REQUEST_TIMEOUT: { status: 408, message: 'La requête a mis trop de temps à arriver. Veuillez réessayer.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'La requête est trop volumineuse.' },
  URI_TOO_LONG: { status: 414, message: "L’adresse demandée est trop longue." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Le format de la requête n’est pas pris en charge." },
  HEADERS_TOO_LARGE: { status: 431, message: 'Les en-têtes de la requête sont trop volumineux.' },
  XSRF: {
    status: 403,
    message: 'La requête a été refusée (jeton de sécurité manquant ou invalide). Veuillez recharger la page.',
  },

  // Sessions and access (spec §2 error pages).
  UNAUTHENTICATED: { status: 401, message: 'Vous devez être connecté pour accéder à cette page.' },
  FORBIDDEN_ACCOUNT: { status: 403, message: FORBIDDEN_ACCOUNT_MESSAGE },
  FORBIDDEN_CONTRACT: { status: 403, message: FORBIDDEN_CONTRACT_MESSAGE },
  FORBIDDEN_ADMINISTRATION: { status: 403, message: 'Cette action est réservée aux administrateurs du portail.' },

  // Login (OAuth token endpoint).
  // The spec's text for an invalid login form: a wrong identifier or code reads the same (one message).
  INVALID_GRANT: { status: 400, message: INVALID_GRANT_MESSAGE, oauth: 'invalid_grant' },
  INVALID_REQUEST: { status: 400, message: 'La requête de connexion est incomplète ou invalide.', oauth: 'invalid_request' },
  UNSUPPORTED_GRANT_TYPE: {
    status: 400,
    message: "Le type d’autorisation demandé n’est pas pris en charge.",
    oauth: 'unsupported_grant_type',
  },
  CAPTCHA: { status: 400, message: CAPTCHA_MESSAGE, oauth: 'invalid_grant' },

  // Abuse limits.
  TOO_MANY_REQUESTS: {
    status: 429,
    message: 'Trop de requêtes ont été envoyées depuis votre connexion. Veuillez réessayer dans une minute.',
    oauth: 'slow_down',
  },
  LOGIN_BACKOFF: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `Trop de tentatives de connexion. Veuillez patienter ${plural(seconds, 'seconde')} avant de réessayer.`,
    oauth: 'slow_down',
  },
  ACCOUNT_LOCKED: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Suite à plusieurs tentatives infructueuses, l’accès à ce compte est temporairement bloqué. Veuillez réessayer dans ${plural(minutes, 'minute')} ou réinitialiser votre code confidentiel.`,
    oauth: 'slow_down',
  },
  LOGIN_UNLOCK_REQUIRED: {
    status: 403,
    message:
      'Par sécurité, après de nombreux codes confidentiels erronés, l’accès à ce compte est suspendu depuis votre connexion Internet. Un lien de déverrouillage a été envoyé à l’adresse e-mail du compte\u00a0: ouvrez-le dans ce navigateur, puis reconnectez-vous.',
    oauth: 'invalid_grant',
  },
  UNLOCK_LINK_INVALID: {
    status: 400,
    message:
      'Ce lien de déverrouillage n’est plus valide\u00a0: il a déjà servi ou a expiré. Si la connexion vous est encore refusée, utilisez «\u00a0Code confidentiel oublié ou première connexion\u00a0» sur la page de connexion.',
  },
  CODE_CHECK_BACKOFF: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `Trop de codes confidentiels erronés. Veuillez patienter ${plural(seconds, 'seconde')} avant de réessayer.`,
  },

  // Confidential code (spec §5, §8).
  PASSWORD_RULES: { status: 400, message: 'Toutes les exigences requises ne sont pas remplies' },
  PASSWORD_FORBIDDEN_CHARACTERS: {
    status: 400,
    message: 'Les caractères suivants : \', ", < et > sont interdits dans le mot de passe.',
  },
  PASSWORD_COMMON: {
    status: 400,
    message:
      'Ce code confidentiel est trop courant ou figure dans des listes de mots de passe divulgués. Veuillez en choisir un autre.',
  },
  PASSWORD_MISMATCH: { status: 400, message: 'Le code confidentiel transmis est incohérent. Veuillez réessayer.' },
  PASSWORD_SAME: { status: 400, message: 'Le nouveau code confidentiel doit être différent de l’ancien.' },
  OLD_PASSWORD: { status: 400, message: 'L’ancien code confidentiel est incorrect.' },
  RESET_PENDING: { status: 409, message: 'Une demande de réinitialisation de mot de passe est en cours.' },
  LINK_INVALID: { status: 400, message: 'Ce lien n’est plus valide. Veuillez refaire une demande de code confidentiel.' },

  // Login e-mail change.
  WRONG_CODE: { status: 400, message: 'Le code confidentiel est incorrect.' },
  EMAIL_SAME: { status: 400, message: 'La nouvelle adresse e-mail doit être différente de l’adresse actuelle.' },
  EMAIL_UNAVAILABLE: { status: 409, message: 'Cette adresse e-mail ne peut pas être utilisée pour votre espace client.' },

  // A postal address checked against the offline table of communes (the shop's deliveries, decision 038).
  ADDRESS_POSTCODE_UNKNOWN: { status: 400, message: 'Ce code postal ne correspond à aucune commune.' },
  ADDRESS_CITY_MISMATCH: { status: 400, message: 'Cette ville ne correspond pas au code postal : choisissez-la dans la liste.' },

  // Service state.
  MAINTENANCE: {
    status: 503,
    message: MAINTENANCE_ERROR_MESSAGE,
  },
  DATABASE_CONFLICT: {
    status: 409,
    message: 'Votre demande n’a pas pu aboutir : les mêmes informations étaient modifiées au même moment. Veuillez réessayer.',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',
  },
  FILE_STORAGE_UNAVAILABLE: {
    status: 503,
    message: 'Les fichiers ne peuvent pas être enregistrés ni lus pour le moment. Veuillez réessayer dans quelques instants.',
  },
  INTERNAL: { status: 500, message: INTERNAL_MESSAGE },
} as const satisfies Record<string, CatalogueEntry>;
