import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the new phone of a line, order type RM (decision 039). */
export const NEW_PHONE_ERRORS = {
  NEW_PHONE_MANAGER_ONLY: {
    status: 403,
    message: 'Seul un gestionnaire du compte de facturation peut commander un nouveau téléphone pour cette ligne. Demandez au gestionnaire de votre compte de le faire.',
  },
  NEW_PHONE_UNPAID: {
    status: 409,
    message: ({ message }: { message: string }) => message,
  },
  NEW_PHONE_LINE_INACTIVE: {
    status: 409,
    message: 'Cette ligne ne peut pas recevoir de nouveau téléphone : elle n’est pas active (suspendue, en cours de mise en service ou résiliée).',
  },
  NEW_PHONE_TERMINATION_SCHEDULED: {
    status: 409,
    message: 'Une résiliation de cette ligne est programmée : annulez-la avant de commander un nouveau téléphone.',
  },
  NEW_PHONE_ORDER_PENDING: {
    status: 409,
    message: ({ numero }: { numero: string }) =>
      `La commande de nouveau téléphone ${numero} de cette ligne attend encore son paiement : réglez-la (ou attendez la réception du virement) avant d’en passer une autre.`,
  },
  NEW_PHONE_ORDER_AWAITING_APPROVAL: {
    status: 409,
    message: ({ numero }: { numero: string }) =>
      `La commande de nouveau téléphone ${numero} de cette ligne attend la validation d’un autre gestionnaire : attendez sa décision (au plus 7 jours) avant d’en passer une autre.`,
  },
  NEW_PHONE_KEY_REUSED: {
    status: 409,
    message: 'Cette commande a déjà été envoyée pour une autre ligne ou un autre achat. Rechargez la page pour recommencer.',
  },
  NEW_PHONE_PHONE_UNAVAILABLE: { status: 400, message: 'Ce téléphone n’est pas proposé au catalogue.' },
  NEW_PHONE_OUT_OF_STOCK: { status: 409, message: 'Ce téléphone est épuisé : choisissez-en un autre.' },
  NEW_PHONE_COLOUR_UNKNOWN: { status: 400, message: 'Choisissez l’une des couleurs proposées pour ce téléphone.' },
  NEW_PHONE_POINT_OF_SALE_UNKNOWN: { status: 400, message: 'Cette boutique n’existe pas : choisissez-en une dans la liste.' },
  NEW_PHONE_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) => `Trop de commandes en peu de temps. Réessayez dans ${minutes} min.`,
  },
} as const satisfies Record<string, CatalogueEntry>;
