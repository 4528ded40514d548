import { calendarDayFormat } from '@ecare/shared/paris-time';
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const calendarDay = calendarDayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** `1 234,56 €` from integer cents. */
export const formatCents = (cents: number): string => euros.format(cents / 100);

/** `dd/mm/yyyy` of a calendar day (YYYY-MM-DD), the same wherever the browser is. */
export const formatDay = (day: string): string => calendarDay.format(new Date(`${day}T00:00:00Z`));

/** A fresh `Idempotency-Key` for one attempt at ordering (32 hexadecimal characters). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** `/mon-telephone/nouveau-telephone/{idContrat}`: a line's new phone (decision 039). */
export const newPhonePath = (idContrat: number): string => `/mon-telephone/nouveau-telephone/${idContrat}`;
