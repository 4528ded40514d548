import type { Allowance } from '@ecare/shared/consumption';
import { calendarDayFormat, parisDateTimeFormat } from '@ecare/shared/paris-time';

/** MB in a GB, as the plans count their allowance (5 Go = 5 120 Mo). */
export const MB_PER_GB = 1_024;

const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const megabytes = new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 });
const gigabytesFine = new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 2 });
const gigabytes = new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 });
const hours = new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'hour', maximumFractionDigits: 0 });
const minutes = new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'minute', maximumFractionDigits: 0 });
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const monthYear = calendarDayFormat({ month: 'long', year: 'numeric' });
const shortMonth = calendarDayFormat({ month: 'short' });
const dayMonth = calendarDayFormat({ day: 'numeric', month: 'long' });
const weekdayDayMonth = calendarDayFormat({ weekday: 'short', day: 'numeric', month: 'short' });
const clockTime = parisDateTimeFormat({ hour: '2-digit', minute: '2-digit' });

/** Mobile data as people read it: `850 Mo` under a gigabyte, `5,2 Go` (`1,25 Go` under ten) above. */
export function formatData(mb: number): string {
  if (Math.abs(mb) < MB_PER_GB) return megabytes.format(mb);
  const gb = mb / MB_PER_GB;
  return (Math.abs(gb) < 10 ? gigabytesFine : gigabytes).format(gb);
}

/** Call time: `45 min`, `2 h`, `3 h 5 min`. */
export function formatMinutes(total: number): string {
  if (total < 60) return minutes.format(total);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return m === 0 ? hours.format(h) : `${hours.format(h)}\u00a0${minutes.format(m)}`;
}

const hoursFine = new Intl.NumberFormat('fr-FR', { style: 'unit', unit: 'hour', maximumFractionDigits: 1 });

/** A chart axis' call time, short: `25 min`, `1,5 h`, `4 h`. */
export function formatMinutesTick(total: number): string {
  return total < 60 ? minutes.format(total) : hoursFine.format(total / 60);
}

export function formatSms(count: number): string {
  return `${whole.format(count)}\u00a0SMS`;
}

/** `1 234,56 €`. */
export function formatEuros(value: number): string {
  return euros.format(value);
}

const firstDay = (period: string) => new Date(`${period}-01T00:00:00Z`);

/** `novembre 2026`. */
export function formatPeriod(period: string): string {
  return monthYear.format(firstDay(period));
}

/** `Novembre 2026`, for the start of a sentence or a cell. */
export function formatPeriodTitle(period: string): string {
  const text = formatPeriod(period);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `nov.`: a chart's axis label. */
export function formatMonthShort(period: string): string {
  return shortMonth.format(firstDay(period));
}

/** `1er novembre` or `30 novembre` of an ISO date. */
export function formatDayMonth(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return date.getUTCDate() === 1 ? `1er ${dayMonth.format(date).replace(/^1\s/, '')}` : dayMonth.format(date);
}

/** `lun. 3 nov.` of an ISO date: a day in a table of days. */
export function formatWeekdayDay(isoDate: string): string {
  return weekdayDayMonth.format(new Date(`${isoDate}T00:00:00Z`));
}

/** `09:05`, as a clock in Paris shows the instant. */
export function formatClockTime(instant: Date): string {
  return clockTime.format(instant);
}

export type UsageKind = 'voix' | 'sms' | 'data';

/** How much of one kind of use a plan includes, in words: `Illimités`, `2 h`, `50 Go`, `Non inclus`. */
export function formatAllowance(kind: UsageKind, allowance: Allowance): string {
  if (allowance.illimite) return kind === 'data' ? 'Illimitées' : 'Illimités';
  const included = allowance.inclus ?? 0;
  if (included === 0) return kind === 'data' ? 'Non incluses' : 'Non inclus';
  if (kind === 'voix') return formatMinutes(included);
  if (kind === 'sms') return formatSms(included);
  return formatData(included);
}

/** A quantity of one kind of use. */
export function formatUsage(kind: UsageKind, value: number): string {
  if (kind === 'voix') return formatMinutes(value);
  if (kind === 'sms') return formatSms(value);
  return formatData(value);
}

/** The included quantity a bar is measured against, or null when there is no limit to draw. */
export function allowanceLimit(allowance: Allowance): number | null {
  return allowance.illimite || allowance.inclus === null || allowance.inclus === 0 ? null : allowance.inclus;
}

/**
 * The scale of a bar chart: a top value and its ticks in round steps (1, 2, 2.5 or 5 times a
 * power of ten) of `unit` (1024 to count data in whole gigabytes), enough to hold every value
 * and the allowance.
 */
export function chartScale(values: readonly number[], limit: number | null, unit = 1): { max: number; ticks: number[] } {
  const highest = Math.max(0, ...values, limit ?? 0) / unit;
  if (highest === 0) return { max: unit, ticks: [0, unit] };
  const rough = highest / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude) * unit;
  const count = Math.max(1, Math.ceil((highest * unit) / step - 1e-9));
  return { max: count * step, ticks: Array.from({ length: count + 1 }, (_, index) => index * step) };
}
