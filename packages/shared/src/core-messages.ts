/**
 * The texts the web app's first download shows itself (a failed call, maintenance, a refused
 * sign-in, access refused), in a module of their own: the entry script imports these, and the
 * rest of the catalogue (errors-core.ts, whose entries use them) stays out of the login page's
 * scripts (decision 012).
 */
export const INTERNAL_MESSAGE = 'Une erreur technique est survenue. Veuillez réessayer ultérieurement.';
export const MAINTENANCE_ERROR_MESSAGE =
  'Le site et votre espace client sont momentanément indisponibles pour cause de maintenance. Veuillez nous excuser pour la gêne occasionnée.';
export const INVALID_GRANT_MESSAGE = 'Votre identifiant et votre code confidentiel ne correspondent pas';
export const CAPTCHA_MESSAGE = 'La vérification anti-robot a échoué. Veuillez réessayer.';
export const FORBIDDEN_ACCOUNT_MESSAGE = 'Désolé, vous n’êtes pas autorisé à accéder à ce compte de facturation.';
export const FORBIDDEN_CONTRACT_MESSAGE = 'Désolé, vous n’êtes pas autorisé à accéder à ce contrat.';
