/**
 * What the audit log records of this module (core/audit.ts): a message of the contact form sent by
 * a signed-in customer (decision 024).
 */
export const SUPPORT_AUDIT_ACTIONS = ['DEMANDE_CONTACT'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    support: typeof SUPPORT_AUDIT_ACTIONS;
  }
}
