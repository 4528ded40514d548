import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@ecare/shared/invoices';
import { calendarDayFormat, parisDateTimeFormat } from '@ecare/shared/paris-time';
import { formatEuros } from '../../../lib/money.ts';

/** The one way an amount is written (lib/money.ts). */
export { formatEuros };

export { INVOICE_STATUS_LABELS };

const calendarDate = calendarDayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
const moment = parisDateTimeFormat({ dateStyle: 'short' });

/** `+12,30 €`, `−5,00 €`, `0,00 €`: a difference, its sign always shown. */
export const formatDifference = (amount: number): string =>
  amount > 0 ? `+${formatEuros(amount)}` : amount < 0 ? `\u2212${formatEuros(-amount)}` : formatEuros(0);

/** `dd/mm/yyyy` of a calendar date (`YYYY-MM-DD`): the same day everywhere. */
export const formatDay = (isoDate: string): string => calendarDate.format(new Date(`${isoDate}T00:00:00Z`));

/** `dd/mm/yyyy` of an instant, in France. */
export const formatMoment = (iso: string): string => moment.format(new Date(iso));

/** Colours of the status badges (design tokens). */
export const STATUS_TONES: Record<InvoiceStatus, string> = {
  PAYEE: 'bg-success-soft text-success',
  A_PAYER: 'bg-warning-soft text-warning',
  EN_RETARD: 'bg-danger-soft text-danger',
  PRELEVEMENT_A_VENIR: 'bg-primary-soft text-primary-strong',
};

/** Where an invoice's page is. */
export const invoicePagePath = (referenceNumber: string): string => `/mon-compte/factures/${encodeURIComponent(referenceNumber)}`;
