/**
 * What the audit log records of the fleet policy (decision 051): the policy changed, an order held
 * for approval, approved or refused by a manager, cancelled by the expiry job.
 */
export const FLEET_POLICY_AUDIT_ACTIONS = [
  'MODIFICATION_POLITIQUE_FLOTTE',
  'COMMANDE_EN_ATTENTE_VALIDATION',
  'VALIDATION_COMMANDE',
  'REFUS_COMMANDE',
  'EXPIRATION_VALIDATION_COMMANDE',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    fleetPolicy: typeof FLEET_POLICY_AUDIT_ACTIONS;
  }
}
