import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the line page and its actions (PUK, SIM, RIO, loss or theft). */
export const LINE_ERRORS = {
  FORBIDDEN_LINE_ACTION: {
    status: 403,
    message: 'Cette action est réservée au gestionnaire du compte de facturation de la ligne.',
  },
  PUK_UNAVAILABLE: {
    status: 409,
    message: 'Le code PUK de cette ligne n’est pas disponible. Veuillez contacter le service client.',
  },
  LINE_NUMBER_MISMATCH: { status: 400, message: 'Le numéro de ligne ne correspond pas à ce contrat.' },
  LINE_TERMINATED: { status: 409, message: 'Cette ligne est résiliée : cette action n’est plus possible.' },
  SIM_EMPTY: { status: 400, message: 'Veuillez saisir le numéro de la carte SIM (19 ou 20 chiffres, au dos de la carte).' },
  SIM_DIGITS_ONLY: { status: 400, message: 'Le numéro de la carte SIM ne doit contenir que des chiffres.' },
  SIM_LENGTH: { status: 400, message: 'Le numéro de la carte SIM doit comporter 19 ou 20 chiffres.' },
  SIM_PREFIX: { status: 400, message: 'Le numéro de la carte SIM doit commencer par 8933.' },
  SIM_CHECK_DIGIT: {
    status: 400,
    message: 'Le numéro de la carte SIM est erroné : vérifiez les chiffres saisis (la clé de contrôle ne correspond pas).',
  },
  SIM_IN_USE: { status: 409, message: 'Cette carte SIM est déjà associée à une autre ligne.' },
  SIM_ALREADY_ACTIVE: { status: 409, message: 'Cette carte SIM est déjà celle de cette ligne.' },
  LINE_ALREADY_SUSPENDED: {
    status: 409,
    message:
      'Cette ligne est déjà suspendue : une nouvelle déclaration de perte ou de vol n’est pas nécessaire. Vous pouvez commander une carte SIM de remplacement.',
  },
  LINE_NOT_ACTIVE: { status: 409, message: 'Seule une ligne active peut faire l’objet d’une déclaration de perte ou de vol.' },
  EVENT_DATE_IN_FUTURE: { status: 400, message: 'La date de la perte ou du vol ne peut pas être dans le futur.' },
  NO_LOSS_THEFT_SUSPENSION: {
    status: 409,
    message: 'Cette ligne n’est pas suspendue à la suite d’une déclaration de perte ou de vol : elle ne peut pas être rétablie ici.',
  },

} as const satisfies Record<string, CatalogueEntry>;
