/** What the audit log records of this module (core/audit.ts): the account's opt-ins changed. */
export const OPTINS_AUDIT_ACTIONS = ['MODIFICATION_OPTINS'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    optins: typeof OPTINS_AUDIT_ACTIONS;
  }
}
