import { INVOICE_CENTRES_EXPORT_MAX_MONTHS, monthsSpanned } from '@ecare/shared/invoice-centres';
import { parisDay } from '@ecare/shared/paris-time';

/** The months of the export by centre, as the form holds them: `YYYY-MM`. */
export interface MonthPeriod {
  du: string;
  au: string;
}

/** The last twelve invoices: from eleven months back to this month (in France). */
export function defaultMonthPeriod(now: Date): MonthPeriod {
  const au = parisDay(now).slice(0, 7);
  const start = new Date(`${au}-01T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - 11);
  return { du: start.toISOString().slice(0, 7), au };
}

/** Why the months cannot be exported, in French, or null when they can. */
export function monthPeriodProblem({ du, au }: MonthPeriod): string | null {
  const valid = (month: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  if (!valid(du) || !valid(au)) return 'Indiquez le premier et le dernier mois de la période (AAAA-MM).';
  if (du > au) return 'La fin de la période doit suivre son début.';
  if (monthsSpanned(du, au) > INVOICE_CENTRES_EXPORT_MAX_MONTHS) return `La période exportée ne peut dépasser ${INVOICE_CENTRES_EXPORT_MAX_MONTHS} mois.`;
  return null;
}
