import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the bill-shock guard: thresholds, alerts, data freeze (decision 047). */
export const USAGE_ALERTS_ERRORS = {
  USAGE_ALERTS_MANAGER_ONLY: { status: 403, message: 'Seul un gestionnaire du compte de facturation peut modifier les seuils d’alerte ou suspendre les données d’une ligne.' },
  USAGE_ALERT_FORBIDDEN: { status: 403, message: 'Cette alerte n’existe pas ou ne concerne pas une ligne que vous pouvez consulter.' },
  DATA_FREEZE_LINE_NOT_ACTIVE: { status: 409, message: 'Seules les données d’une ligne active peuvent être suspendues.' },
} as const satisfies Record<string, CatalogueEntry>;
