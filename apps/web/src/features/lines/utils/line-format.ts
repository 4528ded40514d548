import type { DirectoryListing, SimKind } from '@ecare/shared/lines';
import { calendarDayFormat, parisDateTimeFormat, parisDay } from '@ecare/shared/paris-time';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

// A calendar date (YYYY-MM-DD) is the same day everywhere; a point in time is shown as the day
// it was in France, whatever the browser's time zone.
const calendarDate = calendarDayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
const frenchDate = parisDateTimeFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** `dd/mm/yyyy` of an ISO date or date-time; an unreadable value is shown as it came. */
export function formatDate(value: string): string {
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return (DATE_ONLY.test(value) ? calendarDate : frenchDate).format(date);
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** `1 234,56 €`. */
export function formatPrice(value: number): string {
  return euros.format(value);
}

/** Today in France as an ISO date (YYYY-MM-DD): the latest date a loss or theft can have. */
export function parisToday(now: Date = new Date()): string {
  return parisDay(now);
}

export const SIM_KIND_LABELS: Record<SimKind, string> = {
  SIM: 'Carte SIM',
  ESIM: 'eSIM',
};

export const DIRECTORY_LISTING_LABELS: Record<DirectoryListing, string> = {
  LISTE_ROUGE: 'Liste rouge (numéro non publié)',
  LISTE_ORANGE: 'Liste orange (numéro publié, sans prospection commerciale)',
  PARUTION: 'Numéro publié dans l’annuaire',
};
