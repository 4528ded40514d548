/**
 * What the audit log records of this module (core/audit.ts): the confidential code changed by the
 * signed-in user, or set from an e-mailed link (forgotten code, invitation); the user's security
 * activity lists both (decision 058).
 */
export const PASSWORD_AUDIT_ACTIONS = ['CHANGEMENT_CODE', 'CODE_DEPUIS_LIEN'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    password: typeof PASSWORD_AUDIT_ACTIONS;
  }
}
