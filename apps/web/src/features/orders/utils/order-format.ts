import { parisDateTimeFormat } from '@ecare/shared/paris-time';
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const shortDate = parisDateTimeFormat({ dateStyle: 'short' });
const longMoment = parisDateTimeFormat({ dateStyle: 'long', timeStyle: 'short' });

/** `1 234,56 €`. */
export const formatEuros = (amount: number): string => euros.format(amount);
/** `−5,00 €`: a discount, with the minus sign. */
export const formatSigned = (amount: number): string => `${amount < 0 ? '−' : ''}${euros.format(Math.abs(amount))}`;
/** `22/11/2026`, in France. */
export const formatOrderDate = (iso: string): string => shortDate.format(new Date(iso));
/** `22 novembre 2026 à 14:05`, in France. */
export const formatMoment = (iso: string): string => longMoment.format(new Date(iso));
