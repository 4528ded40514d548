import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the legal and information pages and of the static documents. */
export const LEGAL_ERRORS = {
  LEGAL_PAGE_NOT_FOUND: { status: 404, message: 'Cette page d’information n’existe pas.' },
  STATIC_DOCUMENT_NOT_FOUND: { status: 404, message: 'Ce document n’existe pas ou n’est plus disponible.' },
} as const satisfies Record<string, CatalogueEntry>;
