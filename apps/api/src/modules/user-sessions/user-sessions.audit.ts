/**
 * What the audit log records of this module (core/audit.ts): the user ended one of their sessions,
 * or all their other sessions, from their security page (decision 055); every sign-in of a user,
 * with its method, device, browser and network, for their security activity (decision 058).
 */
export const USER_SESSIONS_AUDIT_ACTIONS = ['FIN_SESSION', 'FIN_AUTRES_SESSIONS', 'CONNEXION'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    'user-sessions': typeof USER_SESSIONS_AUDIT_ACTIONS;
  }
}
