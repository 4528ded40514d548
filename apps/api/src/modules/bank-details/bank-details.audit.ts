/**
 * What the audit log records of this module (core/audit.ts): bank details saved (a new SEPA
 * mandate with them) and a mandate's PDF, whole IBAN in it, downloaded (decision 026).
 */
export const BANK_DETAILS_AUDIT_ACTIONS = ['MODIFICATION_COORDONNEES_BANCAIRES', 'TELECHARGEMENT_MANDAT_SEPA'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    'bank-details': typeof BANK_DETAILS_AUDIT_ACTIONS;
  }
}
