/**
 * What the audit log records of this module (core/audit.ts): agent mode (decision 032): an agent
 * connected to a customer's account; the single sign-on context updated.
 */
export const AGENTS_AUDIT_ACTIONS = ['CONNEXION_AGENT', 'MAJ_CONTEXTE_SSO'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    agents: typeof AGENTS_AUDIT_ACTIONS;
  }
}
