import { INVOICE_ARCHIVE_MAX_DAYS, INVOICE_EXPORT_MAX_DAYS } from '@ecare/shared/invoices';
import { parisDay } from '@ecare/shared/paris-time';

/** The export's period as the form holds it: two days `YYYY-MM-DD`. */
export interface ExportPeriod {
  du: string;
  au: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last twelve invoices: from the 1st of the month eleven months back to today (in France). */
export function defaultExportPeriod(now: Date): ExportPeriod {
  const au = parisDay(now);
  const start = new Date(`${au.slice(0, 7)}-01T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - 11);
  return { du: isoDay(start), au };
}

/** Why the period cannot be given, in French, or null when it can. */
function periodProblem({ du, au }: ExportPeriod, maxDays: number, tooLong: string): string | null {
  const valid = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));
  if (!valid(du) || !valid(au)) return 'Indiquez le premier et le dernier jour de la période.';
  if (du > au) return 'La fin de la période doit suivre son début.';
  if (Date.parse(au) - Date.parse(du) > maxDays * 86_400_000) return tooLong;
  return null;
}

/** Why the period's invoice lines cannot be exported, or null when they can. */
export const exportPeriodProblem = (period: ExportPeriod) => periodProblem(period, INVOICE_EXPORT_MAX_DAYS, 'La période exportée ne peut dépasser trois ans.');

/** Why the period cannot be archived (ten years at most, as long as documents are kept), or null when it can. */
export const archivePeriodProblem = (period: ExportPeriod) => periodProblem(period, INVOICE_ARCHIVE_MAX_DAYS, 'La période archivée ne peut dépasser dix ans.');
