/**
 * Wall-clock time in France (Europe/Paris), from and to instants, without a date library: the
 * browser's and Node's time-zone data (Intl) give the offset of each instant, summer time
 * included. Free of zod. Days are ISO strings 'YYYY-MM-DD'.
 */
export const PARIS_TIME_ZONE = 'Europe/Paris';

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: PARIS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface ParisWallTime {
  /** 'YYYY-MM-DD'. */
  day: string;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The day, hour and minute a clock in Paris shows at `instant`. */
export function parisWallTime(instant: Date): ParisWallTime {
  const parts: Record<string, string> = {};
  for (const part of wallClock.formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const date = Number(parts.day);
  return {
    day: `${pad(year, 4)}-${pad(month)}-${pad(date)}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: new Date(Date.UTC(year, month - 1, date)).getUTCDay(),
  };
}

/** Today in Paris at `instant` ('YYYY-MM-DD'). */
export function parisDay(instant: Date): string {
  return parisWallTime(instant).day;
}

/** Minutes Paris is ahead of UTC at `instant` (60 in winter, 120 in summer). */
export function parisOffsetMinutes(instant: Date): number {
  const wall = parisWallTime(instant);
  const [year = 0, month = 1, date = 1] = wall.day.split('-').map(Number);
  const asUtc = Date.UTC(year, month - 1, date, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a clock in Paris shows `hour:minute` on `day`. A time skipped when summer time
 * starts (02:00–03:00 on the last Sunday of March) is read with the winter offset; a time seen
 * twice when it ends, as its first occurrence.
 */
export function parisInstant(day: string, hour: number, minute = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  // The offsets half a day before and after: the same but on the days the clocks change.
  const readings = [-12, 12]
    .map((hours) => wall - parisOffsetMinutes(new Date(wall + hours * 3_600_000)) * 60_000)
    .sort((a, b) => a - b);
  const shows = (candidate: number) => {
    const shown = parisWallTime(new Date(candidate));
    return shown.day === day && shown.hour === hour && shown.minute === minute;
  };
  const first = readings.find(shows) ?? readings[readings.length - 1] ?? wall;
  return new Date(first);
}

/** `dd/mm/yyyy` of a calendar day (YYYY-MM-DD), as French documents and messages write it. */
export const frenchDay = (day: string): string => day.split('-').reverse().join('/');

/** `day` moved by `days` calendar days ('2026-03-31' + 1 = '2026-04-01'). */
export function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const at = (day: string) => {
    const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
    return Date.UTC(year, month - 1, date);
  };
  return Math.round((at(to) - at(from)) / 86_400_000);
}

/** 0 Sunday … 6 Saturday, of a calendar day. */
export function weekdayOf(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** Options of a French date or time format, its time zone being decided here. */
export type ClockFormatOptions = Omit<Intl.DateTimeFormatOptions, 'timeZone'>;

const formats = new Map<string, Intl.DateTimeFormat>();

function memoisedFormat(timeZone: string, options: ClockFormatOptions, locale: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * The format of instants as clocks in Paris show them: every date and time the portal shows,
 * mails or prints goes through it (or `calendarDayFormat` for a calendar day), whatever the time
 * zone of the server or the browser. Built on first use, then kept.
 */
export function parisDateTimeFormat(options: ClockFormatOptions, locale = 'fr-FR'): Intl.DateTimeFormat {
  return memoisedFormat(PARIS_TIME_ZONE, options, locale);
}

/**
 * The format of a calendar day ('YYYY-MM-DD', read by `new Date(day)` as its midnight UTC): the
 * day itself, in any time zone. Not for instants: `parisDateTimeFormat` shows those.
 */
export function calendarDayFormat(options: ClockFormatOptions, locale = 'fr-FR'): Intl.DateTimeFormat {
  return memoisedFormat('UTC', options, locale);
}
