import { plural, type CatalogueEntry } from './error-entries.ts';

/** Error codes of the unpaid-balance check (decision 028). */
export const UNPAID_ERRORS = {
  UNPAID_OFFER_UNKNOWN: { status: 400, message: 'Ce forfait n’existe pas dans le catalogue.' },
  UNPAID_OFFER_NOT_ON_ACCOUNT: {
    status: 400,
    message: 'Ce forfait n’est celui d’aucune ligne de ce compte de facturation : choisissez la ligne concernée.',
  },
  UNPAID_SIREN_MISMATCH: { status: 400, message: 'Le SIREN/SIRET indiqué n’est pas celui de l’entreprise de ce compte de facturation.' },
  UNPAID_CHECK_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Trop de vérifications ont été demandées en peu de temps. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
} as const satisfies Record<string, CatalogueEntry>;
