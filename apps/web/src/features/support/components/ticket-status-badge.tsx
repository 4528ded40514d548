import type { SupportTicketStatus } from '@ecare/shared/support';
import { STATUS_TONES, SUPPORT_TICKET_STATUS_LABELS } from '../utils/ticket-status.ts';

export function TicketStatusBadge({ status }: { status: SupportTicketStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_TONES[status]}`}>
      {SUPPORT_TICKET_STATUS_LABELS[status]}
    </span>
  );
}
