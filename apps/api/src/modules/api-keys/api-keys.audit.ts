/** What the audit log records of the API keys (decision 061): a key created or revoked, by whom. */
export const API_KEYS_AUDIT_ACTIONS = ['CLE_API_CREATION', 'CLE_API_REVOCATION'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    apiKeys: typeof API_KEYS_AUDIT_ACTIONS;
  }
}
