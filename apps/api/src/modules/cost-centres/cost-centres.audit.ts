/**
 * What the audit log records of cost centres (decision 048): a centre created, changed (renamed
 * or moved) or deleted (with where its lines went), and a line's centre or labels changed, by a
 * manager or an agent for them (the agent's reason added by core/audit.ts).
 */
export const COST_CENTRES_AUDIT_ACTIONS = [
  'CREATION_CENTRE_COUT',
  'MODIFICATION_CENTRE_COUT',
  'SUPPRESSION_CENTRE_COUT',
  'MODIFICATION_CENTRE_LIGNE',
  'MODIFICATION_ETIQUETTES_LIGNE',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    costCentres: typeof COST_CENTRES_AUDIT_ACTIONS;
  }
}
