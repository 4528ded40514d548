/**
 * What the audit log records of this module (core/audit.ts): agent mode (decision 032): a write an
 * agent made for a customer that no other entry describes (agent-scope.ts).
 */
export const AUTH_AUDIT_ACTIONS = ['ACTION_AGENT'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    auth: typeof AUTH_AUDIT_ACTIONS;
  }
}
