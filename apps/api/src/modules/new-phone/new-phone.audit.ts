/**
 * What the audit log records of this module (core/audit.ts): a new phone ordered for a line (order
 * type RM), with its number, phone, price and payment mode (decision 039).
 */
export const NEW_PHONE_AUDIT_ACTIONS = ['COMMANDE_NOUVEAU_TELEPHONE'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    'new-phone': typeof NEW_PHONE_AUDIT_ACTIONS;
  }
}
