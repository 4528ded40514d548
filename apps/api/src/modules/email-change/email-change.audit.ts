/**
 * What the audit log records of this module (core/audit.ts): the login e-mail changed (the new
 * address confirmed it), or the change undone from the old address; the user's security activity
 * lists both (decision 058).
 */
export const EMAIL_CHANGE_AUDIT_ACTIONS = ['CHANGEMENT_EMAIL', 'ANNULATION_CHANGEMENT_EMAIL'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    'email-change': typeof EMAIL_CHANGE_AUDIT_ACTIONS;
  }
}
