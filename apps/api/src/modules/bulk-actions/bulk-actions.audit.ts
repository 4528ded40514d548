/**
 * What the audit log records of bulk actions (core/audit.ts): a job started, stopped or undone.
 * Each of its rows is recorded too, by its single action's own entry (MODIFICATION_ANNUAIRE…).
 */
export const BULK_ACTIONS_AUDIT_ACTIONS = ['ACTION_GROUPEE', 'ANNULATION_ACTION_GROUPEE', 'RETOUR_ARRIERE_ACTION_GROUPEE'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    'bulk-actions': typeof BULK_ACTIONS_AUDIT_ACTIONS;
  }
}
