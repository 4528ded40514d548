/**
 * What the audit log records of the scheduled reports (core/audit.ts): a report scheduled or
 * removed by a manager (or an agent for them), a sending downloaded from the portal.
 */
export const SCHEDULED_REPORTS_AUDIT_ACTIONS = ['PROGRAMMATION_RAPPORT', 'SUPPRESSION_RAPPORT', 'TELECHARGEMENT_RAPPORT'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    scheduledReports: typeof SCHEDULED_REPORTS_AUDIT_ACTIONS;
  }
}
