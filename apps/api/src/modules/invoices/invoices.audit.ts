/**
 * What the audit log records of this module (core/audit.ts): invoices leaving the portal as files
 * (one PDF, a year's PDFs as a ZIP, their lines as CSV or XLSX, their amounts by cost centre) and a
 * complaint about one (decisions 025, 049).
 */
export const INVOICES_AUDIT_ACTIONS = ['TELECHARGEMENT_FACTURE', 'EXPORT_FACTURES', 'EXPORT_FACTURES_CENTRES', 'RECLAMATION_FACTURE'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    invoices: typeof INVOICES_AUDIT_ACTIONS;
  }
}
