/**
 * What the audit log records of this module (core/audit.ts): a card payment of invoices started,
 * then accepted by the bank; invoices paid at a point of sale, recorded by the counter agent
 * (decision 027).
 */
export const PAYMENT_AUDIT_ACTIONS = ['DEMANDE_PAIEMENT_CARTE', 'PAIEMENT_CARTE', 'PAIEMENT_COMPTOIR'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    payment: typeof PAYMENT_AUDIT_ACTIONS;
  }
}
