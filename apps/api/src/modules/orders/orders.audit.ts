/**
 * What the audit log records of this module (core/audit.ts): orders (decision 036): a
 * subscription's status set, a supporting document uploaded, downloaded or deleted, the orders
 * exported.
 */
export const ORDERS_AUDIT_ACTIONS = [
  'STATUT_SOUSCRIPTION',
  'AJOUT_PIECE',
  'TELECHARGEMENT_PIECE',
  'SUPPRESSION_PIECE',
  'EXPORT_COMMANDES',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    orders: typeof ORDERS_AUDIT_ACTIONS;
  }
}
