/**
 * What the audit log records of this module (core/audit.ts): a line's tariff change: recorded
 * (applied at once or scheduled), cancelled, applied by the scheduled job (decision 037).
 */
export const TARIFF_CHANGE_AUDIT_ACTIONS = [
  'DEMANDE_CHANGEMENT_FORFAIT',
  'ANNULATION_CHANGEMENT_FORFAIT',
  'APPLICATION_CHANGEMENT_FORFAIT',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    'tariff-change': typeof TARIFF_CHANGE_AUDIT_ACTIONS;
  }
}
