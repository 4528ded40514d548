import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the administration back office (`/api/admin/…`). */
export const ADMIN_ERRORS = {
  ADMIN_ORDER_OUTDATED: {
    status: 409,
    message: 'La liste a été modifiée entre-temps. Rechargez la page puis recommencez le déplacement.',
  },
} as const satisfies Record<string, CatalogueEntry>;
