import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { addDays, parisDay } from './paris-time.ts';

/**
 * The rules of invoices (decision 025): statuses and their labels, payment term and due date,
 * VAT and its rounding, euros from cents, totals. invoices.ts re-exports this file.
 */
export const INVOICE_STATUSES = ['PAYEE', 'A_PAYER', 'EN_RETARD', 'PRELEVEMENT_A_VENIR'] as const;
export const invoiceStatusSchema = lazySchema(() => z.enum(INVOICE_STATUSES));
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  PAYEE: 'Payée',
  A_PAYER: 'À payer',
  EN_RETARD: 'En retard',
  PRELEVEMENT_A_VENIR: 'Prélèvement à venir',
};

/** An invoice is payable within this many days of its date (the terms of sale say so). */
export const INVOICE_PAYMENT_TERM_DAYS = 30;

/** The VAT rate of every charge, in basis points (2000 = 20 %). */
export const VAT_RATE_BP = 2_000;

/** The recovery indemnity owed by a business paying late (Code de commerce, art. D. 441-5), in euros. */
export const LATE_PAYMENT_INDEMNITY_EUROS = 40;

/** The due date of an invoice dated `dateFacture` (`YYYY-MM-DD`). */
export const invoiceDueDate = (dateFacture: string): string => addDays(dateFacture, INVOICE_PAYMENT_TERM_DAYS);

/** The day (`YYYY-MM-DD`, in France) invoices are due and late by, at `moment`. */
export const invoiceDay = (moment: Date): string => parisDay(moment);

/** What an invoice's status is derived from: nothing about it is stored but these. */
export interface InvoiceStanding {
  resteAPayerCentimes: number;
  /** `YYYY-MM-DD`. */
  dateEcheance: string;
  /** Paid by direct debit on its due date. */
  prelevement: boolean;
}

/**
 * The status of an invoice on `today` (`YYYY-MM-DD`, in France): paid once nothing is left to
 * pay; a direct debit still to come until its due date has passed (a debit that bounced leaves it
 * unpaid past that date: late); late after its due date; otherwise to pay.
 */
export function invoiceStatus(invoice: InvoiceStanding, today: string): InvoiceStatus {
  if (invoice.resteAPayerCentimes <= 0) return 'PAYEE';
  if (invoice.prelevement && invoice.dateEcheance >= today) return 'PRELEVEMENT_A_VENIR';
  if (invoice.dateEcheance < today) return 'EN_RETARD';
  return 'A_PAYER';
}

/** Euros as the API answers them: exact to the cent (cents / 100). */
export const euros = (centimes: number): number => centimes / 100;

/** `numerator / denominator` rounded half away from zero, in integers (both safe, denominator > 0). */
function divideRounded(numerator: number, denominator: number): number {
  // `+ 0` turns the -0 of a small negative amount (Math.trunc(-0.2)) into 0, which a document prints as « 0,00 € ».
  const quotient = Math.trunc(numerator / denominator) + 0;
  const remainder = numerator - quotient * denominator;
  return Math.abs(remainder) * 2 >= denominator ? quotient + Math.sign(numerator) : quotient;
}

/** The VAT on an amount excluding VAT, rounded to the cent (half away from zero). */
export function vatCentimes(htCentimes: number, rateBp: number = VAT_RATE_BP): number {
  return divideRounded(htCentimes * rateBp, 10_000);
}

/** An invoice's totals and, for each group of charges (a line, the account), its share of them. */
export interface InvoiceTotals {
  htCentimes: number;
  tvaCentimes: number;
  ttcCentimes: number;
  groups: { htCentimes: number; tvaCentimes: number; ttcCentimes: number }[];
}

/**
 * The totals of an invoice from its charges excluding VAT, grouped (per line, then the account's
 * own): the VAT is computed once on the whole (as a reader checks it, 20 % of the total), then
 * shared among the groups by the largest remainder, so that the groups' VAT and amounts including
 * VAT add up to the invoice's to the cent, each group within a cent of its exact share.
 */
export function invoiceTotals(groups: readonly (readonly number[])[], rateBp: number = VAT_RATE_BP): InvoiceTotals {
  const groupHt = groups.map((items) => items.reduce((sum, item) => sum + item, 0));
  const htCentimes = groupHt.reduce((sum, amount) => sum + amount, 0);
  const tvaCentimes = vatCentimes(htCentimes, rateBp);
  // Each group's exact VAT is floor + remainder / 10 000; the cents the floors leave go to the largest remainders.
  const floors = groupHt.map((amount) => Math.floor((amount * rateBp) / 10_000));
  const remainders = groupHt.map((amount, index) => amount * rateBp - (floors[index] ?? 0) * 10_000);
  let left = tvaCentimes - floors.reduce((sum, floor) => sum + floor, 0);
  const order = groupHt.map((_, index) => index).sort((a, b) => (remainders[b] ?? 0) - (remainders[a] ?? 0) || a - b);
  const shares = [...floors];
  for (const index of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return {
    htCentimes,
    tvaCentimes,
    ttcCentimes: htCentimes + tvaCentimes,
    groups: groupHt.map((ht, index) => ({ htCentimes: ht, tvaCentimes: shares[index] ?? 0, ttcCentimes: ht + (shares[index] ?? 0) })),
  };
}
