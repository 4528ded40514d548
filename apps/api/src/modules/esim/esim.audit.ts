/**
 * What the audit log records of this module (core/audit.ts): eSIM profile: read by a signed-in
 * caller, link e-mailed, link opened (recorded under its sender).
 */
export const ESIM_AUDIT_ACTIONS = ['LECTURE_ESIM', 'ENVOI_LIEN_ESIM', 'OUVERTURE_LIEN_ESIM'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    esim: typeof ESIM_AUDIT_ACTIONS;
  }
}
