import { plural, type CatalogueEntry } from './error-entries.ts';
import { frenchDay } from './paris-time.ts';

/** Error codes of the tariff change of a line (decision 037). */
export const TARIFF_CHANGE_ERRORS = {
  TARIFF_CHANGE_MANAGER_ONLY: {
    status: 403,
    message: 'Seul un gestionnaire du compte de facturation peut changer le forfait de cette ligne. Demandez au gestionnaire de votre compte de le faire.',
  },
  TARIFF_CHANGE_LINE_INACTIVE: {
    status: 409,
    message: 'Le forfait de cette ligne ne peut pas être changé : la ligne n’est pas active (suspendue, en cours de mise en service ou résiliée).',
  },
  TARIFF_CHANGE_TERMINATION_SCHEDULED: {
    status: 409,
    message: 'Une résiliation de cette ligne est programmée : annulez-la avant de changer de forfait.',
  },
  TARIFF_CHANGE_IN_PROGRESS: {
    status: 409,
    message: 'Un changement de forfait est déjà programmé pour cette ligne. Un seul changement à la fois : annulez-le pour en demander un autre.',
  },
  TARIFF_CHANGE_UNPAID: {
    status: 409,
    message: ({ message }: { message: string }) => message,
  },
  TARIFF_CHANGE_TARGET_INVALID: {
    status: 400,
    message: 'Ce forfait n’est pas proposé pour cette ligne : choisissez l’un des forfaits de la liste.',
  },
  TARIFF_CHANGE_NO_TARGET: {
    status: 409,
    message: 'Aucun autre forfait de la gamme de cette ligne n’est proposé aujourd’hui : contactez le service client pour étudier une autre offre.',
  },
  TARIFF_CHANGE_TIMING_DOWNGRADE: {
    status: 400,
    message: ({ date }: { date: string }) =>
      `Un passage à un forfait moins cher prend effet au début de la prochaine période de facturation, le ${frenchDay(date)}.`,
  },
  TARIFF_CHANGE_TIMING_AGENT: {
    status: 400,
    message: ({ date }: { date: string }) =>
      `Un conseiller du service client programme le changement au début de la prochaine période de facturation, le ${frenchDay(date)}, pour que le client puisse l’annuler d’ici là.`,
  },
  TARIFF_CHANGE_DR14_COMMITTED: {
    status: 400,
    message: ({ date }: { date: string }) =>
      `La ligne est engagée jusqu’au ${frenchDay(date)} : pour passer à un forfait moins cher, renoncez au droit DR14 (un nouvel engagement commence).`,
  },
  TARIFF_CHANGE_NOT_FOUND: { status: 404, message: 'Ce changement de forfait n’existe pas.' },
  TARIFF_CHANGE_NOT_CANCELLABLE: { status: 409, message: 'Ce changement de forfait n’est plus programmé : il a déjà été appliqué ou annulé.' },
  TARIFF_CHANGE_CANCEL_TOO_LATE: {
    status: 409,
    message: 'Ce changement de forfait prend effet aujourd’hui : il ne peut plus être annulé.',
  },
  TARIFF_CHANGE_CONFLICT: {
    status: 409,
    message: 'Le forfait de la ligne vient de changer. Veuillez recharger la page et vérifier votre choix.',
  },
  TARIFF_CHANGE_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Trop de changements de forfait ont été demandés en peu de temps. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
} as const satisfies Record<string, CatalogueEntry>;
