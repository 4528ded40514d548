import { plural, type CatalogueEntry } from './error-entries.ts';

/** Error codes of the appointments with an adviser (decision 029). */
export const APPOINTMENT_ERRORS = {
  APPOINTMENT_SLOT_TAKEN: {
    status: 409,
    message: 'Ce créneau vient d’être réservé par quelqu’un d’autre. Veuillez choisir un autre créneau.',
  },
  APPOINTMENT_SLOT_INVALID: {
    status: 400,
    message: 'Ce créneau n’est pas proposé : les rendez-vous durent 30 minutes et ont lieu du lundi au samedi de 8 h à 20 h, hors jours fériés.',
  },
  APPOINTMENT_SLOT_PAST: { status: 400, message: 'Ce créneau est déjà passé. Veuillez en choisir un autre.' },
  APPOINTMENT_SLOT_TOO_FAR: {
    status: 400,
    message: ({ days }: { days: number }) => `Les rendez-vous se prennent au plus ${plural(days, 'jour')} à l’avance.`,
  },
  APPOINTMENT_RANGE_INVALID: {
    status: 400,
    message: ({ days }: { days: number }) =>
      `La période demandée est invalide : elle commence au plus tôt aujourd’hui, finit au plus tard ${plural(days, 'jour')} après et ne dépasse pas 31 jours.`,
  },
  APPOINTMENT_NOT_FOUND: { status: 404, message: 'Ce rendez-vous n’existe pas ou a été annulé.' },
  APPOINTMENT_PAST: { status: 409, message: 'Ce rendez-vous est passé : il ne peut plus être déplacé ni annulé.' },
  APPOINTMENT_SAME_SLOT: { status: 400, message: 'Le rendez-vous est déjà prévu à cet horaire. Choisissez un autre créneau pour le déplacer.' },
  APPOINTMENT_LINE_TYPE: { status: 400, message: 'Le type de ligne indiqué ne correspond pas à cette ligne.' },
  APPOINTMENT_UPCOMING_LIMIT: {
    status: 409,
    message: ({ max }: { max: number }) =>
      `Cette ligne a déjà ${plural(max, 'rendez-vous')} à venir. Déplacez ou annulez l’un d’eux avant d’en prendre un autre.`,
  },
  APPOINTMENT_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Trop de demandes de rendez-vous ont été envoyées en peu de temps. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
} as const satisfies Record<string, CatalogueEntry>;
