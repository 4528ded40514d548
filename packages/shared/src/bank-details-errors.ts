import { plural, type CatalogueEntry } from './error-entries.ts';

/**
 * Error codes of the bank details and the SEPA mandate. The fields' own rules (IBAN, BIC, holder)
 * answer VALIDATION with one French message per field (bank-details.ts).
 */
export const BANK_DETAILS_ERRORS = {
  SEPA_MANDATE_NOT_FOUND: {
    status: 404,
    message: 'Aucun mandat de prélèvement SEPA n’est en vigueur pour ce compte de facturation : il en reçoit un quand il passe au prélèvement.',
  },
  BANK_DETAILS_TOO_MANY: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Les coordonnées bancaires de ce compte ont déjà été modifiées plusieurs fois en peu de temps. Pour la sécurité du compte, veuillez réessayer dans ${plural(minutes, 'minute')} ou contacter le service client.`,
  },
} as const satisfies Record<string, CatalogueEntry>;
