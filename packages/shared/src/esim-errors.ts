import { plural, type CatalogueEntry } from './error-entries.ts';

/**
 * Error codes of the eSIM page: the e-mailed link (spec §4: the page shows /404 for any of
 * them) and the signed-in reads and sending of an eSIM profile.
 */
export const ESIM_ERRORS = {
  ESIM_LINK_INVALID: {
    status: 404,
    message:
      'Ce lien d’installation eSIM n’est pas valide ou ne l’est plus. Demandez un nouveau lien au gestionnaire de votre compte.',
  },
  ESIM_LINK_EXPIRED: {
    status: 410,
    message: 'Ce lien d’installation eSIM a expiré. Demandez un nouveau lien au gestionnaire de votre compte.',
  },
  ESIM_NOT_ESIM_LINE: {
    status: 409,
    message: 'Cette ligne utilise une carte SIM physique et non une eSIM : il n’y a pas de QR code d’installation à afficher.',
  },
  ESIM_PROFILE_UNAVAILABLE: {
    status: 409,
    message: 'Le profil eSIM de cette ligne n’est pas disponible. Veuillez contacter le service client.',
  },
  ESIM_SEND_LIMIT: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Le lien d’installation de cette eSIM a été envoyé trop de fois ces derniers temps. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
} as const satisfies Record<string, CatalogueEntry>;
