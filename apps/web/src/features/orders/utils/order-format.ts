import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { formatEuros } from '../../../lib/money.ts';

/** The one way an amount is written (lib/money.ts). */
export { formatEuros };

const shortDate = parisDateTimeFormat({ dateStyle: 'short' });
const longMoment = parisDateTimeFormat({ dateStyle: 'long', timeStyle: 'short' });

/** `−5,00 €`: a discount, with the minus sign. */
export const formatSigned = (amount: number): string => `${amount < 0 ? '−' : ''}${formatEuros(Math.abs(amount))}`;
/** `22/11/2026`, in France. */
export const formatOrderDate = (iso: string): string => shortDate.format(new Date(iso));
/** `22 novembre 2026 à 14:05`, in France. */
export const formatMoment = (iso: string): string => longMoment.format(new Date(iso));
