/**
 * What the audit log records of this module (core/audit.ts): the authenticator app enrolled
 * (confirmed) or removed, a sign-in completed with a recovery code (decision 054), a passkey
 * added or removed (decision 056).
 */
export const SECURITY_AUDIT_ACTIONS = [
  'INSCRIPTION_TOTP',
  'SUPPRESSION_TOTP',
  'CONNEXION_CODE_SECOURS',
  // Passkeys (decision 056).
  'AJOUT_PASSKEY',
  'SUPPRESSION_PASSKEY',
  // Decision 058: new recovery codes replaced the old ones; an agent reset the user's second factors.
  'REGENERATION_CODES_SECOURS',
  'REINITIALISATION_MFA',
  // An agent's app (decision 057): enrolled at their sign-in (`userId` is the agent), reset by the back office (`details.agentId`).
  'INSCRIPTION_TOTP_CONSEILLER',
  'REINITIALISATION_TOTP_CONSEILLER',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    security: typeof SECURITY_AUDIT_ACTIONS;
  }
}
