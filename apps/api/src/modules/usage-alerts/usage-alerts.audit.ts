/**
 * What the audit log records of the bill-shock guard (core/audit.ts): thresholds changed, an
 * alert resolved, the alerts exported, a line's data frozen or lifted by a manager (or an agent for them), and what
 * the guard does by itself (a freeze at a threshold, the end of a freeze with its period).
 */
export const USAGE_ALERTS_AUDIT_ACTIONS = [
  'MODIFICATION_SEUILS_COMPTE',
  'MODIFICATION_SEUILS_LIGNE',
  'SUPPRESSION_SEUILS_LIGNE',
  'RESOLUTION_ALERTE',
  'EXPORT_ALERTES',
  'BLOCAGE_DATA',
  'LEVEE_BLOCAGE_DATA',
  'BLOCAGE_DATA_AUTOMATIQUE',
  'FIN_BLOCAGE_DATA',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    usageAlerts: typeof USAGE_ALERTS_AUDIT_ACTIONS;
  }
}
