import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the administration back office (`/api/admin/…`). */
export const ADMIN_ERRORS = {
  ADMIN_ORDER_OUTDATED: {
    status: 409,
    message: 'La liste a été modifiée entre-temps. Rechargez la page puis recommencez le déplacement.',
  },
  ADMIN_MENU_NOT_FOUND: { status: 404, message: 'Cette entrée du menu n’existe pas.' },
  ADMIN_MENU_PARENT_INVALID: {
    status: 400,
    message: 'Une entrée ne peut être placée que sous une entrée du niveau au-dessus du sien (une sous-rubrique sous une rubrique, un module sous une sous-rubrique).',
  },
  ADMIN_MENU_URL_REQUIRED: { status: 400, message: 'Un module du menu doit mener à une adresse.' },
  ADMIN_MENU_HAS_CHILDREN: { status: 409, message: 'Cette entrée contient d’autres entrées : déplacez-les ou supprimez-les d’abord.' },
  ADMIN_CONTACT_SUB_THEME_NOT_FOUND: { status: 404, message: 'Ce sous-thème de contact n’existe pas.' },
  ADMIN_TICKET_NOT_FOUND: { status: 404, message: 'Cette demande n’existe pas.' },
  ADMIN_TICKET_TRANSITION: { status: 409, message: 'Ce changement de statut n’est pas possible depuis le statut actuel de la demande. Rechargez la page.' },
} as const satisfies Record<string, CatalogueEntry>;
