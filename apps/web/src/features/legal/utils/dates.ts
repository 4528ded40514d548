import { calendarDayFormat } from '@ecare/shared/paris-time';
const calendarDate = calendarDayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** `dd/mm/yyyy` of a calendar date (`YYYY-MM-DD`): the same day wherever the reader is. */
export function formatCalendarDate(isoDate: string): string {
  return calendarDate.format(new Date(`${isoDate}T00:00:00Z`));
}
