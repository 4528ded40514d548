import { calendarDayFormat } from '@ecare/shared/paris-time';
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const calendarDay = calendarDayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** `1 234,56 €` from integer cents. */
export const formatCents = (cents: number): string => euros.format(cents / 100);

/** `dd/mm/yyyy` of a calendar day (YYYY-MM-DD), the same wherever the browser is. */
export const formatDay = (day: string): string => calendarDay.format(new Date(`${day}T00:00:00Z`));

/** A key for one submission attempt: 32 random hexadecimal characters. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
