import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the management of an account's users (invitation, role, removal). */
export const ACCOUNT_USER_ERRORS = {
  USER_EMAIL_TAKEN: {
    status: 409,
    message: 'Cette adresse e-mail est déjà utilisée pour se connecter à l’espace client. Veuillez en indiquer une autre.',
  },
  ACCOUNT_USER_UNKNOWN: { status: 404, message: 'Cette personne n’est pas un utilisateur de ce compte de facturation.' },
  LAST_MANAGER: {
    status: 409,
    message:
      'Un compte de facturation doit toujours avoir au moins un gestionnaire : désignez d’abord un autre gestionnaire.',
  },
  USER_LINE_REQUIRED: { status: 400, message: 'Veuillez choisir la ligne mobile de l’utilisateur.' },
  LINE_USER_REPLACEMENT: {
    status: 409,
    message: ({ utilisateur }: { utilisateur: string }) =>
      `Cette ligne est déjà utilisée par ${utilisateur}. Confirmez que la personne invitée la remplace comme utilisateur de la ligne.`,
  },
  LINE_HAS_USER: {
    status: 409,
    message: 'Cette ligne a déjà un utilisateur de l’espace client. Veuillez choisir une autre ligne.',
  },
} as const satisfies Record<string, CatalogueEntry>;
