/**
 * What the audit log records of this module (core/audit.ts): a line's contract downloaded as a PDF
 * (account holder and line user leave the portal in a file).
 */
export const CONTRACT_PDF_AUDIT_ACTIONS = ['TELECHARGEMENT_CONTRAT'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    'contract-pdf': typeof CONTRACT_PDF_AUDIT_ACTIONS;
  }
}
