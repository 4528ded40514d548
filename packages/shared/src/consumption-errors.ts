import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the consumption follow-up (`POST /api/infoconso/getinfoconso`). */
export const CONSUMPTION_ERRORS = {
  CONSUMPTION_PERIOD_FUTURE: { status: 400, message: 'Cette période de facturation n’a pas encore commencé.' },
  CONSUMPTION_PERIOD_TOO_OLD: {
    status: 400,
    message: 'La consommation ne peut être consultée que sur les 12 dernières périodes de facturation.',
  },
} as const satisfies Record<string, CatalogueEntry>;
