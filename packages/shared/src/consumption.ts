import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { parisDay } from './paris-time.ts';

/*
 * Consumption of a mobile line (spec §7 "POST /api/infoconso/getinfoconso"): voice, SMS, data
 * and out-of-bundle charges per billing period. A billing period is a calendar month in France,
 * written `YYYY-MM`.
 */

/** Periods one answer holds: the chosen one and the five before it. */
export const CONSUMPTION_PERIODS_SHOWN = 6;
/** How far back a period may be chosen, the current one included (a year of bills can be contested). */
export const CONSUMPTION_HISTORY_PERIODS = 12;

export const BILLING_PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The billing period a moment falls in: its month in France. */
export function billingPeriodOf(moment: Date): string {
  return parisDay(moment).slice(0, 7);
}

/** A period's year and month (1-12); throws on a value that is not `YYYY-MM`. */
function yearMonth(period: string): { year: number; month: number } {
  const match = BILLING_PERIOD.exec(period);
  if (!match) throw new Error(`not a billing period: ${period}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

/** The period `months` after (or before, when negative) `period`. */
export function shiftPeriod(period: string, months: number): string {
  const { year, month } = yearMonth(period);
  const index = year * 12 + (month - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months from `from` to `to` (positive when `to` is later). */
export function periodsBetween(from: string, to: string): number {
  const a = yearMonth(from);
  const b = yearMonth(to);
  return (b.year - a.year) * 12 + (b.month - a.month);
}

/** First and last day of a period, as ISO dates. */
export function periodBounds(period: string): { debut: string; fin: string } {
  const { year, month } = yearMonth(period);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { debut: `${period}-01`, fin: `${period}-${String(lastDay).padStart(2, '0')}` };
}

/** `count` consecutive periods ending with `last`, oldest first. */
export function periodsEndingWith(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => shiftPeriod(last, index - count + 1));
}

const contractId = lazySchema(() => z.number().int().positive().max(2_147_483_647));

/** `POST /api/infoconso/getinfoconso`. */
export const consumptionRequestSchema = lazySchema(() =>
  z.object({
    idContrat: contractId.describe('La ligne (contrat) dont on veut la consommation'),
    periode: z
      .string()
      .regex(BILLING_PERIOD, 'La période doit être un mois au format AAAA-MM (par exemple 2026-03).')
      .optional()
      .describe(
        `Période de facturation (mois calendaire, AAAA-MM) la plus récente à montrer, parmi les ${CONSUMPTION_HISTORY_PERIODS} dernières ; la période en cours par défaut`,
      ),
  }),
);
export type ConsumptionRequest = z.infer<typeof consumptionRequestSchema>;

/** What a plan includes of one kind of use: unlimited, a quantity, or nothing (`inclus: 0`). */
export const allowanceSchema = lazySchema(() =>
  z.object({
    illimite: z.boolean(),
    /** Minutes, messages or MB included; null when unlimited. */
    inclus: z.number().int().nullable(),
  }),
);
export type Allowance = z.infer<typeof allowanceSchema>;

export const consumptionPeriodSchema = lazySchema(() =>
  z.object({
    periode: z.string().regex(BILLING_PERIOD),
    /** First and last day (ISO dates). */
    debut: z.string(),
    fin: z.string(),
    /** The period is still running: its figures will grow. */
    enCours: z.boolean(),
    /** False when nothing was recorded for the period (before the line's activation, for instance). */
    releve: z.boolean(),
    voixMinutes: z.number().int(),
    sms: z.number().int(),
    dataMo: z.number().int(),
    /** Out-of-bundle charges in euros, excluding and including VAT. */
    horsForfaitHT: z.number(),
    horsForfaitTTC: z.number(),
  }),
);
export type ConsumptionPeriod = z.infer<typeof consumptionPeriodSchema>;

/** One day of the running period, as the usage feed counted it (decision 045). */
export const consumptionDaySchema = lazySchema(() =>
  z
    .object({
      jour: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('Le jour, en France (AAAA-MM-JJ)'),
      dataMo: z
        .number()
        .int()
        .describe('Données du jour, en France et en itinérance, en Mo de 1 024 × 1 024 octets, arrondies au Mo le plus proche'),
      dataItineranceMo: z.number().int().describe('Dont données en itinérance, en Mo, arrondies de même'),
      voixMinutes: z.number().int().describe('Appels du jour, en France et en itinérance, en minutes entamées'),
      sms: z.number().int().describe('SMS du jour'),
      horsForfaitHT: z.number().describe('Hors forfait du jour, en euros HT (au centime)'),
      itineranceHT: z.number().describe('Dont itinérance, en euros HT (au centime)'),
      releves: z.number().int().describe('Relevés d’usage comptés pour le jour (0 : rien reçu)'),
    })
    .describe('Un jour de la période en cours, tel que le flux d’usage l’a compté'),
);
export type ConsumptionDay = z.infer<typeof consumptionDaySchema>;

export const consumptionSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    numeroLigne: z.string(),
    libelleOffre: z.string(),
    /** The period asked for (the last of `periodes`). */
    periode: z.string().regex(BILLING_PERIOD),
    /** The running period, by the server's clock. */
    periodeCourante: z.string().regex(BILLING_PERIOD),
    /** The periods to offer, newest first: the running one, and those of the history with recorded usage. */
    periodesConsultables: z.array(z.string().regex(BILLING_PERIOD)),
    forfait: z.object({ voix: allowanceSchema, sms: allowanceSchema, data: allowanceSchema }),
    /** `CONSUMPTION_PERIODS_SHOWN` periods, oldest first, ending with `periode`. */
    periodes: z.array(consumptionPeriodSchema),
    jours: z
      .array(consumptionDaySchema)
      .describe(
        'Quand la période choisie est la période en cours : ses jours (en France), du premier à aujourd’hui, du plus ancien au plus récent, chacun présent même sans usage (zéros), tels que le flux d’usage les a comptés. ' +
          'Chaque jour est arrondi à part (Mo au plus proche, minutes entamées) alors que la période arrondit son total : la somme des jours peut différer de quelques Mo ou minutes de ce que la période ajoute au relevé mensuel ; les SMS et les montants, eux, s’additionnent exactement. ' +
          'Vide pour une période close.',
      ),
  }),
);
export type Consumption = z.infer<typeof consumptionSchema>;
