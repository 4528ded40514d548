import type { CatalogueEntry } from './error-entries.ts';
import { plural } from './error-entries.ts';

/**
 * Error codes of the second factor (decision 054): the authenticator app's enrolment and removal,
 * and the second step of a sign-in (answered by POST /api/token as OAuth errors).
 */
export const SECURITY_ERRORS = {
  TOTP_ALREADY_ENROLLED: {
    status: 409,
    message: 'Une application d’authentification est déjà active sur votre compte : retirez-la avant d’en inscrire une autre.',
  },
  TOTP_NO_PENDING: {
    status: 409,
    message: 'Aucune inscription d’application d’authentification n’est en cours : recommencez l’inscription.',
  },
  MFA_FACTOR_REQUIRED: {
    status: 409,
    message: 'Votre entreprise exige la vérification en deux étapes : ajoutez une autre méthode avant de retirer celle-ci.',
  },
  TOTP_NOT_ENROLLED: { status: 404, message: 'Aucune application d’authentification n’est active sur votre compte.' },
  TOTP_CODE_INVALID: {
    status: 400,
    message: 'Ce code de vérification est incorrect ou a déjà servi : saisissez le code à 6 chiffres que votre application affiche maintenant.',
  },
  TOTP_CODE_BACKOFF: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `Trop de codes de vérification erronés. Veuillez patienter ${plural(seconds, 'seconde')} avant de réessayer.`,
  },
  MFA_TOKEN_INVALID: {
    status: 400,
    message: 'Votre vérification a expiré ou a déjà servi : saisissez à nouveau votre identifiant et votre code confidentiel.',
    oauth: 'invalid_grant',
  },
  MFA_OTP_INVALID: {
    status: 400,
    message: 'Ce code de vérification est incorrect ou a déjà servi : saisissez le code que votre application affiche maintenant.',
    oauth: 'invalid_grant',
  },
  MFA_RECOVERY_CODE_INVALID: {
    status: 400,
    message: 'Ce code de secours est incorrect ou a déjà servi.',
    oauth: 'invalid_grant',
  },
  RECOVERY_CODES_NO_FACTOR: {
    status: 409,
    message: 'Vous n’avez pas de vérification en deux étapes active : ajoutez d’abord une application d’authentification ou une clé d’accès, qui vous donnera vos codes de secours.',
  },
  MFA_RESET_AGENT_ONLY: {
    status: 403,
    message: 'Seul un conseiller du service client, connecté au compte, peut réinitialiser la vérification en deux étapes d’un utilisateur.',
  },
  // Passkeys (decision 056).
  PASSKEY_NAME_INVALID: { status: 400, message: 'Donnez un nom à votre clé d’accès (par exemple « Téléphone de Claire »).' },
  PASSKEY_NAME_TOO_LONG: { status: 400, message: 'Le nom d’une clé d’accès compte au plus 60 caractères.' },
  PASSKEY_NAME_CONTROL: { status: 400, message: 'Le nom de la clé d’accès contient un caractère non autorisé.' },
  PASSKEY_UNKNOWN: { status: 404, message: 'Cette clé d’accès n’existe pas ou a déjà été retirée.' },
  PASSKEY_CHALLENGE_INVALID: {
    status: 400,
    message: 'La demande d’enregistrement de la clé d’accès a expiré ou a déjà servi : recommencez l’ajout.',
  },
  PASSKEY_REGISTRATION_INVALID: {
    status: 400,
    message: 'La clé d’accès n’a pas pu être vérifiée : recommencez l’ajout, sur cette page et avec votre appareil.',
  },
  PASSKEY_ALREADY_REGISTERED: { status: 409, message: 'Cette clé d’accès est déjà enregistrée sur votre compte.' },
  MFA_PASSKEY_INVALID: {
    status: 400,
    message: 'La clé d’accès n’a pas pu être vérifiée : réessayez, ou utilisez un autre moyen de vérification.',
    oauth: 'invalid_grant',
  },
  PASSKEY_SIGN_IN_INVALID: {
    status: 400,
    message: 'Cette clé d’accès n’a pas permis de vous connecter : réessayez, ou identifiez-vous avec votre code confidentiel.',
    oauth: 'invalid_grant',
  },
} as const satisfies Record<string, CatalogueEntry>;
