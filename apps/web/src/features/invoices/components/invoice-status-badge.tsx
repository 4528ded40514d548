import type { InvoiceStatus } from '@ecare/shared/invoices';
import { MessageSquareWarning } from 'lucide-react';
import { INVOICE_STATUS_LABELS, STATUS_TONES } from '../utils/invoice-format.ts';

const badge = 'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-3 py-0.5 text-sm font-semibold';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`${badge} ${STATUS_TONES[status]}`}>{INVOICE_STATUS_LABELS[status]}</span>;
}

/** Shown beside the status while a complaint about the invoice is being handled. */
export function ComplaintBadge() {
  return (
    <span className={`${badge} bg-warning-soft text-warning`}>
      <MessageSquareWarning aria-hidden="true" className="size-4" />
      Réclamation en cours
    </span>
  );
}

/** The status and, when there is one, the complaint in progress. */
export function InvoiceBadges({ status, complaint }: { status: InvoiceStatus; complaint: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      <InvoiceStatusBadge status={status} />
      {complaint ? <ComplaintBadge /> : null}
    </span>
  );
}
