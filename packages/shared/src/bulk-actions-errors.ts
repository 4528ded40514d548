import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of bulk actions and their jobs (decision 050). */
export const BULK_ACTIONS_ERRORS = {
  BULK_MANAGER_ONLY: { status: 403, message: 'Seul un gestionnaire du compte de facturation peut lancer une action groupée.' },
  BULK_JOB_NOT_FOUND: { status: 404, message: 'Ce traitement n’existe pas ou ne concerne pas ce compte de facturation.' },
  BULK_PARAMETERS_INVALID: { status: 400, message: ({ detail }: { detail: string }) => `Les paramètres de cette action groupée sont invalides : ${detail}` },
  BULK_CSV_INVALID: { status: 400, message: 'Le fichier doit être un CSV de numéros de ligne (un par ligne, en-tête facultatif), d’un Mo au plus.' },
  BULK_CSV_EMPTY: { status: 400, message: 'Le fichier ne contient aucun numéro de ligne.' },
  BULK_NOT_CANCELLABLE: { status: 409, message: 'Ce traitement est déjà terminé ou annulé : il ne peut plus être arrêté.' },
  BULK_NOT_UNDOABLE: { status: 409, message: 'Ce traitement ne peut pas être défait : seul un traitement terminé depuis moins de 15 minutes, dont l’action peut être défaite, peut l’être, une fois.' },
  BULK_NUMBER_UNKNOWN: { status: 404, message: 'Ce numéro n’est pas une ligne de ce compte de facturation.' },
  BULK_NUMBER_INVALID: { status: 400, message: 'Ce texte n’est pas un numéro de téléphone.' },
  BULK_ROW_VALUES_INVALID: { status: 400, message: ({ detail }: { detail: string }) => `Les valeurs de cette ligne sont invalides : ${detail}` },
  BULK_DUPLICATE_LINE: { status: 409, message: 'Cette ligne est déjà nommée plus haut dans la liste.' },
} as const satisfies Record<string, CatalogueEntry>;
