/**
 * What the audit log records of this module (core/audit.ts): the account's users: one invited,
 * their role changed, one removed.
 */
export const ACCOUNT_USERS_AUDIT_ACTIONS = [
  'INVITATION_UTILISATEUR',
  'CHANGEMENT_ROLE_UTILISATEUR',
  'RETRAIT_UTILISATEUR',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    'account-users': typeof ACCOUNT_USERS_AUDIT_ACTIONS;
  }
}
