/**
 * Constants with no dependency at all, so the lightest routes (login) can import them without
 * pulling in zod. The schema modules re-export them.
 */

export const LOGIN_LIMITS = { usernameMax: 254, passwordMin: 4, passwordMax: 100 } as const;

export const MESSAGES = {
  loginInvalid: 'Votre identifiant et votre code confidentiel ne correspondent pas',
  invalidGrant: "L'identifiant ou le code confidentiel est incorrect.",
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  captchaFailed: 'La vérification anti-robot a échoué. Veuillez réessayer.',
} as const;

/** Inactivity after which a session ends, on both sides (spec §4, §9). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

export const ERROR_CODES = {
  validation: 'VALIDATION',
  unauthenticated: 'UNAUTHENTICATED',
  forbiddenAccount: 'FORBIDDEN_ACCOUNT',
  forbiddenContract: 'FORBIDDEN_CONTRACT',
  notFound: 'NOT_FOUND',
  xsrf: 'XSRF',
  internal: 'INTERNAL',
} as const;

export const ERROR_MESSAGES = {
  validation: 'La requête est invalide.',
  unauthenticated: 'Vous devez être connecté pour accéder à cette page.',
  forbiddenAccount: "Désolé, vous n'êtes pas autorisé à accéder à ce compte de facturation.",
  forbiddenContract: "Désolé, vous n'êtes pas autorisé à accéder à ce contrat.",
  notFound: "La ressource demandée n'existe pas.",
  xsrf: 'La requête a été refusée (jeton de sécurité manquant ou invalide). Veuillez recharger la page.',
  internal: 'Une erreur technique est survenue. Veuillez réessayer ultérieurement.',
} as const;

/** Server flags are text; the spec compares them to 'true' (case aside). */
export function isParameterOn(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

/** Header carried by every API answer while the portal is in maintenance (spec §8). */
export const MAINTENANCE_HEADER = 'en_maintenance';

export const MAINTENANCE_MESSAGE =
  'Le site et votre espace client sont momentanément indisponibles pour cause de maintenance. Veuillez nous excuser pour la gêne occasionnée.';
