/**
 * What the audit log records of the back office (core/audit.ts): its edits, each with the values
 * before and after it, and a support ticket's or an invoice complaint's status changed, with the
 * reply e-mailed to its sender (decision 030), and a complaint's decision with its credit note (decision 060).
 */
export const ADMIN_AUDIT_ACTIONS = [
  'ADMIN_PARAMETRES', 'ADMIN_PAGE_LEGALE', 'ADMIN_FAQ_THEME', 'ADMIN_FAQ_ORDRE_THEMES', 'ADMIN_FAQ_QUESTION', 'ADMIN_FAQ_ORDRE_QUESTIONS', 'ADMIN_FAQ_SUPPRESSION_QUESTION',
  'ADMIN_MENU_ENTREE', 'ADMIN_MENU_ORDRE', 'ADMIN_MENU_SUPPRESSION',
  'ADMIN_CONTACT_THEME', 'ADMIN_CONTACT_ORDRE_THEMES', 'ADMIN_CONTACT_SOUS_THEME', 'ADMIN_CONTACT_ORDRE_SOUS_THEMES',
  'ADMIN_DOCUMENT_STATIQUE',
  'ADMIN_DEMANDE_STATUT', 'ADMIN_RECLAMATION_STATUT', 'ADMIN_RECLAMATION_DECISION',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    admin: typeof ADMIN_AUDIT_ACTIONS;
  }
}
