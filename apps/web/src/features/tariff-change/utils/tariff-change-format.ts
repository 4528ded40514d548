import { calendarDayFormat } from '@ecare/shared/paris-time';
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const calendarDay = calendarDayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** `1 234,56 €` from integer cents. */
export const formatCents = (cents: number): string => euros.format(cents / 100);

/** `+5,00 €` / `−3,00 €`: a monthly difference, its sign always shown. */
export const signedCents = (cents: number): string => `${cents > 0 ? '+' : cents < 0 ? '−' : ''}${formatCents(Math.abs(cents))}`;

/** `dd/mm/yyyy` of a calendar day (YYYY-MM-DD), the same wherever the browser is. */
export const formatDay = (day: string): string => calendarDay.format(new Date(`${day}T00:00:00Z`));
