/** What the audit log records of the company security policy (decision 057): the policy changed, before and after. */
export const SECURITY_POLICY_AUDIT_ACTIONS = ['POLITIQUE_SECURITE'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    securityPolicy: typeof SECURITY_POLICY_AUDIT_ACTIONS;
  }
}
