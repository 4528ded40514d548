const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const shortDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });
const longMoment = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** `1 234,56 €`. */
export const formatEuros = (amount: number): string => euros.format(amount);
/** `−5,00 €`: a discount, with the minus sign. */
export const formatSigned = (amount: number): string => `${amount < 0 ? '−' : ''}${euros.format(Math.abs(amount))}`;
/** `22/11/2026`, in France. */
export const formatOrderDate = (iso: string): string => shortDate.format(new Date(iso));
/** `22 novembre 2026 à 14:05`, in France. */
export const formatMoment = (iso: string): string => longMoment.format(new Date(iso));
