/**
 * What the audit log records of this module (core/audit.ts): a line's termination: a proof
 * uploaded or deleted, the request sent, its recap e-mailed again, its cancellation (decision
 * 031).
 */
export const TERMINATION_AUDIT_ACTIONS = [
  'AJOUT_JUSTIFICATIF_RESILIATION',
  'SUPPRESSION_JUSTIFICATIF_RESILIATION',
  'DEMANDE_RESILIATION',
  'ENVOI_RECAPITULATIF_RESILIATION',
  'ANNULATION_RESILIATION',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    termination: typeof TERMINATION_AUDIT_ACTIONS;
  }
}
