/**
 * What the audit log records of this module (core/audit.ts): an appointment with an adviser
 * booked, moved or cancelled, with its slot before and after (decision 029).
 */
export const APPOINTMENTS_AUDIT_ACTIONS = ['RESERVATION_RDV', 'DEPLACEMENT_RDV', 'ANNULATION_RDV'] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    appointments: typeof APPOINTMENTS_AUDIT_ACTIONS;
  }
}
