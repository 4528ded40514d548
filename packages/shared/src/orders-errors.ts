import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of orders, subscriptions and supporting documents (decision 036). */
export const ORDER_ERRORS = {
  ORDER_NOT_FOUND: { status: 404, message: 'Cette commande est introuvable.' },
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Cette souscription est introuvable.' },
  SUBSCRIPTION_TRANSITION_REFUSED: {
    status: 409,
    message: ({ avant, apres }: { avant: string; apres: string }) =>
      `La souscription ne peut pas passer du statut « ${avant} » au statut « ${apres} ».`,
  },
  SUBSCRIPTION_TRANSITION_FORBIDDEN: {
    status: 403,
    message: 'Seul le service client peut donner ce statut à la souscription.',
  },
  SUBSCRIPTION_PIECES_MISSING: {
    status: 409,
    message: ({ pieces }: { pieces: string }) =>
      `Des pièces justificatives manquent encore pour envoyer la souscription en validation : ${pieces}.`,
  },
  PIECE_NOT_FOUND: { status: 404, message: 'Ce document est introuvable.' },
  PIECE_FILE_MISSING: { status: 400, message: 'Joignez un fichier.' },
  PIECE_TOO_LARGE: {
    status: 413,
    message: ({ mo }: { mo: number }) => `Le fichier dépasse la taille maximale de ${mo} Mo.`,
  },
  PIECE_FORMAT_REFUSED: {
    status: 415,
    message: 'Ce fichier n’est ni un PDF, ni une image JPEG ou PNG : seuls ces formats sont acceptés.',
  },
  PIECE_FORBIDDEN: {
    status: 409,
    message: 'Ce document ne peut plus être supprimé : la souscription qu’il justifie est déjà en validation ou validée.',
  },
  PIECE_UPLOAD_TOO_MANY: {
    status: 429,
    message: 'Trop de documents ont été envoyés en peu de temps. Veuillez réessayer un peu plus tard.',
  },
} as const satisfies Record<string, CatalogueEntry>;
