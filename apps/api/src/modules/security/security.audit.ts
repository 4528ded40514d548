/**
 * What the audit log records of this module (core/audit.ts): the authenticator app enrolled
 * (confirmed) or removed, a sign-in completed with a recovery code (decision 054), a passkey
 * added or removed (decision 056).
 */
export const SECURITY_AUDIT_ACTIONS = ['INSCRIPTION_TOTP', 'SUPPRESSION_TOTP', 'CONNEXION_CODE_SECOURS', 'AJOUT_PASSKEY', 'SUPPRESSION_PASSKEY'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    security: typeof SECURITY_AUDIT_ACTIONS;
  }
}
