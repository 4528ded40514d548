/**
 * What the audit log records of this module (core/audit.ts): invoices leaving the portal as files
 * (one PDF, a year's PDFs as a ZIP, their lines as CSV or XLSX) and a complaint about one
 * (decision 025).
 */
export const INVOICES_AUDIT_ACTIONS = ['TELECHARGEMENT_FACTURE', 'EXPORT_FACTURES', 'RECLAMATION_FACTURE'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    invoices: typeof INVOICES_AUDIT_ACTIONS;
  }
}
