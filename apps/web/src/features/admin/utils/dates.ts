import { calendarDayFormat } from '@ecare/shared/paris-time';
const frenchDate = calendarDayFormat({});

/** 'YYYY-MM-DD' as dd/mm/yyyy; any other text as it is. */
export function formatIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  return frenchDate.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}
