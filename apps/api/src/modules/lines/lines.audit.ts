/**
 * What the audit log records of this module (core/audit.ts): writes on a line and reads of what
 * opens a line to fraud (the PUK unlocks a SIM, the RIO moves the number to another operator), and
 * every export of the fleet (line users' names and e-mails leaving the portal in a file, decision
 * 017).
 */
export const LINES_AUDIT_ACTIONS = [
  'LECTURE_PUK',
  'LECTURE_RIO',
  'ACTIVATION_SIM',
  'DECLARATION_PERTE_VOL',
  'RETABLISSEMENT_LIGNE',
  'EXPORT_LIGNES',
  'MODIFICATION_UTILISATEUR_LIGNE',
  'MODIFICATION_ANNUAIRE',
  'MODIFICATION_BARRAGES',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    lines: typeof LINES_AUDIT_ACTIONS;
  }
}
