import { calendarDayFormat } from '@ecare/shared/paris-time';
import { formatEuros } from '../../../lib/money.ts';

/** The one way an amount is written (lib/money.ts). */
export { formatEuros };

const calendarDate = calendarDayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** `dd/mm/yyyy` of a calendar date (`YYYY-MM-DD`); an unreadable value is shown as it came. */
export function formatDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : calendarDate.format(date);
}

/** Euros added up in cents, so that 0,10 + 0,20 is 0,30. */
export function sumEuros(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;
}
