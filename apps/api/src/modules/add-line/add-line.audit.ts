/**
 * What the audit log records of the add-line cart (core/audit.ts, decision 038): the cart changed
 * (a line, its quantity, options, accessories, promotion, number) with the line before and after;
 * the cart sent as an order of new lines, with its number, payment mode and risk decision; a recap
 * PDF of the cart opened (pre-contract information, contractual recap): confirming needs both,
 * opened after the cart's last change.
 */
export const ADD_LINE_AUDIT_ACTIONS = ['MODIFICATION_PANIER', 'COMMANDE_AJOUT_LIGNES', 'LECTURE_RECAPITULATIF_COMMANDE'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    'add-line': typeof ADD_LINE_AUDIT_ACTIONS;
  }
}
