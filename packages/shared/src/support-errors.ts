import { plural, type CatalogueEntry } from './error-entries.ts';

/** Error codes of the contact form and of the support tickets. */
export const SUPPORT_ERRORS = {
  CONTACT_THEME_NOT_FOUND: { status: 404, message: 'Ce thème de contact n’existe pas.' },
  CONTACT_THEME_UNKNOWN: { status: 400, message: 'Veuillez choisir un thème dans la liste.' },
  CONTACT_SUB_THEME_REQUIRED: { status: 400, message: 'Veuillez choisir un sous-thème.' },
  CONTACT_SUB_THEME_INVALID: { status: 400, message: 'Veuillez choisir un sous-thème du thème choisi.' },
  ATTACHMENT_TOO_LARGE: { status: 413, message: 'La pièce jointe dépasse la taille maximale de 5 Mo.' },
  ATTACHMENT_TYPE: { status: 400, message: 'La pièce jointe doit être un fichier PDF, JPEG ou PNG.' },
  ATTACHMENT_EMPTY: { status: 400, message: 'La pièce jointe est vide.' },
  ATTACHMENT_TOO_MANY: { status: 400, message: 'Vous ne pouvez joindre qu’un seul fichier à votre message.' },
  CONTACT_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Plusieurs messages ont déjà été envoyés en peu de temps depuis votre connexion. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
  SUPPORT_TICKET_NOT_FOUND: { status: 404, message: 'Cette demande est introuvable dans votre espace client.' },
  CONTACT_RECIPIENT_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Plusieurs messages ont déjà été envoyés avec cette adresse e-mail aujourd’hui. Veuillez réessayer dans ${minutes > 90 ? plural(Math.ceil(minutes / 60), 'heure') : plural(minutes, 'minute')}, ou connectez-vous à votre espace client pour nous écrire.`,
  },
} as const satisfies Record<string, CatalogueEntry>;
