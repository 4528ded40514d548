import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the cost centres of an account and of a line's centre and labels (decision 048). */
export const COST_CENTRES_ERRORS = {
  COST_CENTRES_MANAGER_ONLY: {
    status: 403,
    message: 'Seul un gestionnaire du compte de facturation peut modifier les centres de coût ou les étiquettes des lignes.',
  },
  COST_CENTRE_UNKNOWN: { status: 403, message: 'Ce centre de coût n’existe pas ou n’appartient pas à ce compte de facturation.' },
  COST_CENTRE_PARENT_UNKNOWN: {
    status: 400,
    message: 'Le centre parent choisi n’existe pas ou n’appartient pas à ce compte de facturation.',
  },
  COST_CENTRE_CODE_TAKEN: {
    status: 409,
    message: 'Ce code est déjà celui d’un autre centre de coût du compte : choisissez-en un autre.',
  },
  COST_CENTRE_CYCLE: {
    status: 400,
    message: 'Un centre de coût ne peut pas être placé sous lui-même ni sous l’un de ses sous-centres.',
  },
  COST_CENTRE_TOO_DEEP: {
    status: 400,
    message: 'L’arborescence des centres de coût compte au plus trois niveaux : choisissez un centre parent moins profond.',
  },
  COST_CENTRE_HAS_CHILDREN: {
    status: 409,
    message: 'Ce centre de coût a des sous-centres : supprimez-les ou rattachez-les à un autre centre avant de le supprimer.',
  },
  COST_CENTRE_NOT_EMPTY: {
    status: 409,
    message: 'Des lignes sont rattachées à ce centre de coût : choisissez le centre vers lequel les déplacer (ou aucun) pour le supprimer.',
  },
  COST_CENTRE_MOVE_TO_ITSELF: { status: 400, message: 'Les lignes d’un centre supprimé ne peuvent pas être déplacées vers ce même centre.' },
  LINE_LABEL_EMPTY: { status: 400, message: 'Une étiquette ne peut pas être vide.' },
  LINE_LABEL_TOO_LONG: { status: 400, message: 'Une étiquette compte au plus 30 caractères.' },
  LINE_LABEL_CONTROL_CHARACTERS: { status: 400, message: 'Une étiquette ne peut contenir ni retour à la ligne, ni tabulation, ni caractère de contrôle.' },
  LINE_LABELS_TOO_MANY: { status: 400, message: 'Une ligne porte au plus 10 étiquettes.' },
} as const satisfies Record<string, CatalogueEntry>;
