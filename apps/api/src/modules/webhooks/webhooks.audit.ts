/**
 * What the audit log records of the webhooks (core/audit.ts): a webhook created, changed, its
 * secret renewed, deleted, an event sent again by a manager (or an agent for them), and a webhook
 * the portal disabled after 24 hours of failures.
 */
export const WEBHOOKS_AUDIT_ACTIONS = [
  'WEBHOOK_CREATION',
  'WEBHOOK_MODIFICATION',
  'WEBHOOK_ROTATION_SECRET',
  'WEBHOOK_SUPPRESSION',
  'WEBHOOK_RENVOI',
  'WEBHOOK_DESACTIVATION_AUTOMATIQUE',
] as const;

declare module '../../core/audit.ts' {
  interface AuditActions {
    webhooks: typeof WEBHOOKS_AUDIT_ACTIONS;
  }
}
