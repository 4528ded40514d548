import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const day = parisDateTimeFormat({ dateStyle: 'short' });

/** « 05/03/2026 » for an ISO instant; null when it cannot be read. */
export function frenchDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : day.format(date);
}
