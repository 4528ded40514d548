import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { idSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';
import { calendarDayFormat } from './paris-time.ts';

/*
 * Scheduled reports (decision 052): a manager asks for a workbook of the fleet or of the invoice
 * lines by cost centre, monthly on the day the invoice is issued or weekly, mailed to the
 * account's managers and to addresses of the company's own domain; every sending is kept a year.
 */

export const REPORT_TYPES = ['FLOTTE', 'FACTURE_CENTRES'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  FLOTTE: 'Parc de lignes (forfaits, centres de coût, étiquettes, utilisateurs)',
  FACTURE_CENTRES: 'Lignes de facture par centre de coût',
};

export const REPORT_FREQUENCIES = ['MENSUELLE', 'HEBDOMADAIRE'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  MENSUELLE: 'Chaque mois, le jour de la facture',
  HEBDOMADAIRE: 'Chaque semaine, le lundi matin',
};

/** Extra addresses a report may name (the managers always receive it). An account has one report of each content and frequency. */
export const REPORT_RECIPIENTS_MAX = 10;
/** How long a sending stays downloadable, in months. */
export const REPORT_SENDINGS_KEPT_MONTHS = 12;

export const scheduledReportInputSchema = lazySchema(() =>
  z.strictObject({
    type: z.enum(REPORT_TYPES, 'Choisissez le contenu du rapport.').describe('FLOTTE : le parc de lignes ; FACTURE_CENTRES : les lignes de facture par centre de coût'),
    frequence: z.enum(REPORT_FREQUENCIES, 'Choisissez la fréquence du rapport.').describe('MENSUELLE : le jour où la facture du compte est émise ; HEBDOMADAIRE : chaque lundi'),
    destinataires: z
      .array(emailSchema, 'Les destinataires sont une liste d’adresses e-mail.')
      .max(REPORT_RECIPIENTS_MAX, `Au plus ${REPORT_RECIPIENTS_MAX} adresses en plus des gestionnaires du compte.`)
      .default([])
      .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))])
      .describe('Adresses du domaine de l’entreprise, en plus des gestionnaires du compte qui le reçoivent toujours'),
  }),
);
export type ScheduledReportInput = z.input<typeof scheduledReportInputSchema>;
export type ScheduledReportRequest = z.output<typeof scheduledReportInputSchema>;

export const scheduledReportSchema = lazySchema(() =>
  z.object({
    idRapport: z.number().int(),
    type: z.enum(REPORT_TYPES),
    frequence: z.enum(REPORT_FREQUENCIES),
    destinataires: z.array(z.string()),
    creeLe: z.string().describe('ISO 8601'),
    creePar: z.string().describe('Prénom et nom de qui l’a programmé'),
    dernierEnvoi: z.string().nullable().describe('ISO 8601 ; null : jamais envoyé'),
  }),
);
export type ScheduledReport = z.infer<typeof scheduledReportSchema>;

export const reportSendingSchema = lazySchema(() =>
  z.object({
    idEnvoi: z.number().int(),
    idRapport: z.number().int().nullable().describe('null : le rapport a été supprimé depuis'),
    type: z.enum(REPORT_TYPES),
    periode: z.string().describe('AAAA-MM (mensuel, le mois de la facture) ou AAAA-Wss (hebdomadaire, la semaine ISO)'),
    envoyeLe: z.string().describe('ISO 8601'),
    destinataires: z.array(z.string()),
    nomFichier: z.string(),
    taille: z.number().int().describe('Octets'),
  }),
);
export type ReportSending = z.infer<typeof reportSendingSchema>;

export const scheduledReportsAnswerSchema = lazySchema(() =>
  z.object({
    rapports: z.array(scheduledReportSchema),
    envois: z.array(reportSendingSchema).describe('Les envois des 12 derniers mois, les plus récents d’abord'),
  }),
);
export type ScheduledReportsAnswer = z.infer<typeof scheduledReportsAnswerSchema>;

export const reportsAccountParamSchema = lazySchema(() => z.object({ idClientBscs: idSchema('Le compte de facturation') }));
export const reportParamSchema = lazySchema(() => z.object({ idClientBscs: idSchema('Le compte de facturation'), idRapport: idSchema('Le rapport programmé') }));
export const reportSendingParamSchema = lazySchema(() => z.object({ idClientBscs: idSchema('Le compte de facturation'), idEnvoi: idSchema('L’envoi') }));

/** The domain of an e-mail address, lower-cased (what follows the last @). */
export function emailDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** The ISO week of a Paris calendar day (YYYY-MM-DD) as `YYYY-Www`: a weekly report's period. */
export function isoWeekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay() || 7;
  // The Thursday of the same week decides the year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** « le rapport « Parc de lignes … », chaque semaine » as the page and the e-mails name it. */
export function reportName(report: Pick<ScheduledReport, 'type' | 'frequence'>): string {
  return `${REPORT_TYPE_LABELS[report.type]} — ${REPORT_FREQUENCY_LABELS[report.frequence].toLowerCase()}`;
}

/** The scheduling form: the extra addresses typed in one field, separated by commas, semicolons or line breaks. */
export const scheduledReportFormSchema = lazySchema(() =>
  z
    .object({
      type: z.enum(REPORT_TYPES, 'Choisissez le contenu du rapport.'),
      frequence: z.enum(REPORT_FREQUENCIES, 'Choisissez la fréquence du rapport.'),
      destinataires: z.string().transform((text, ctx) => {
        const addresses = text.split(/[\s,;]+/).filter((part) => part !== '');
        const wrong = addresses.find((address) => !emailSchema.safeParse(address).success);
        if (wrong !== undefined) {
          ctx.addIssue({ code: 'custom', message: `« ${wrong.slice(0, 60)} » n’est pas une adresse e-mail valide.` });
          return z.NEVER;
        }
        if (addresses.length > REPORT_RECIPIENTS_MAX) {
          ctx.addIssue({ code: 'custom', message: `Indiquez au plus ${REPORT_RECIPIENTS_MAX} adresses.` });
          return z.NEVER;
        }
        return addresses;
      }),
    })
    .transform((values): ScheduledReportInput => values),
);
export type ScheduledReportFormInput = z.input<typeof scheduledReportFormSchema>;

const monthYear = calendarDayFormat({ month: 'long', year: 'numeric' });

/** A sending's period as a person reads it: « semaine 48 de 2026 », « facture de novembre 2026 ». */
export function reportPeriodLabel(periode: string): string {
  const week = /^(\d{4})-W(\d{2})$/.exec(periode);
  if (week) return `semaine ${Number(week[2])} de ${week[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(periode);
  return month ? `facture de ${monthYear.format(new Date(`${month[1]}-${month[2]}-01T00:00:00Z`))}` : periode;
}
