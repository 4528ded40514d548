import { SUPPORT_TICKET_STATUS_LABELS, type SupportTicketStatus } from '@ecare/shared/support';

export { SUPPORT_TICKET_STATUS_LABELS };

/** Colours of the status badges (design tokens). */
export const STATUS_TONES: Record<SupportTicketStatus, string> = {
  OUVERTE: 'bg-primary-soft text-primary-strong',
  EN_COURS: 'bg-warning-soft text-warning',
  EN_ATTENTE_CLIENT: 'bg-danger-soft text-danger',
  RESOLUE: 'bg-success-soft text-success',
};
