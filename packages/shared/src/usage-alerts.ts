import { z } from 'zod';
import { eurosFromText, hasCents } from './euros-text.ts';
import { BILLING_PERIOD } from './consumption.ts';
import { idSchema } from './ids.ts';
import { formatCentimes } from './order-money.ts';
import { formatPhone } from './phone.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * The bill-shock guard (decision 047): thresholds per billing account and per line, the alerts
 * they raise as the usage feed counts records, and the freeze of a line's data.
 */

export const THRESHOLD_ACTIONS = ['ALERTE', 'BLOCAGE_DATA'] as const;
export type ThresholdAction = (typeof THRESHOLD_ACTIONS)[number];

/** Percentages of the data allowance a manager may watch: a few, each from 1 % to 500 %. */
export const DATA_PERCENTAGES_MAX = 5;
export const DATA_PERCENTAGE_MAX = 500;
/** Largest amount threshold: 100,000 € HT. */
export const THRESHOLD_EUROS_MAX = 100_000;

/** What an account starts with, and a line without its own thresholds follows. */
export const DEFAULT_THRESHOLDS = {
  dataPourcentages: [80, 100],
  horsForfaitEurosHT: 50,
  itineranceEurosHT: 50,
  action: 'ALERTE',
  prevenirUtilisateur: false,
} as const satisfies Thresholds;

/** The anomaly rule, whatever the thresholds: a day far above the line's habit, or a costly day. */
export const ANOMALY = {
  /** A day's data above this many times the line's median day of the previous days… */
  medianFactor: 5,
  /** …over this many days… */
  historyDays: 30,
  /** …and above 1 GB. */
  minimumOctets: 1024 ** 3,
  /** Or this much out of bundle within 24 hours (centimes HT). */
  horsForfait24hCentimes: 10_000,
} as const;

const euros = (field: string) =>
  z
    .number(`${field} doit être un montant en euros.`)
    .min(0, `${field} ne peut être négatif.`)
    .max(THRESHOLD_EUROS_MAX, `${field} ne peut dépasser ${THRESHOLD_EUROS_MAX.toLocaleString('fr-FR')} €.`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${field} se compte au centime près.`);

export const thresholdsSchema = lazySchema(() =>
  z.strictObject({
    dataPourcentages: z
      .array(
        z
          .number()
          .int('Chaque seuil de données est un pourcentage entier.')
          .min(1, 'Un seuil de données vaut au moins 1 %.')
          .max(DATA_PERCENTAGE_MAX, `Un seuil de données vaut au plus ${DATA_PERCENTAGE_MAX} %.`),
      )
      .max(DATA_PERCENTAGES_MAX, `Au plus ${DATA_PERCENTAGES_MAX} seuils de données.`)
      .refine((values) => new Set(values).size === values.length, 'Deux seuils de données ont la même valeur.')
      .transform((values) => [...values].sort((a, b) => a - b))
      .describe('Pourcentages du forfait de données qui déclenchent une alerte, du plus petit au plus grand'),
    horsForfaitEurosHT: euros('Le seuil hors forfait').nullable().describe('Montant hors forfait HT de la période qui déclenche une alerte ; null : pas de seuil'),
    itineranceEurosHT: euros('Le seuil d’itinérance').nullable().describe('Montant HT de l’itinérance de la période qui déclenche une alerte ; null : pas de seuil'),
    action: z.enum(THRESHOLD_ACTIONS).describe('ALERTE : prévenir ; BLOCAGE_DATA : prévenir et suspendre les données de la ligne au dernier seuil de données ou au seuil d’un montant'),
    prevenirUtilisateur: z.boolean().default(false).describe('Prévenir aussi l’utilisateur de la ligne par e-mail'),
  }),
);
export type Thresholds = z.output<typeof thresholdsSchema>;
export type ThresholdsInput = z.input<typeof thresholdsSchema>;

/** An amount as a person types it: `50`, `50,5`, `1 250,00` (empty: no threshold); null when it is not one. */
export function parseEurosText(text: string): number | null | undefined {
  if (text.replace(/[\s\u00a0\u202f€]/g, '') === '') return null;
  const euros = eurosFromText(text);
  return euros >= 0 && euros < 1_000_000 && hasCents(euros) ? euros : undefined;
}

const eurosText = (field: string) =>
  z.string().transform((text, ctx) => {
    const euros = parseEurosText(text);
    if (euros === undefined || (euros !== null && euros > THRESHOLD_EUROS_MAX)) {
      ctx.addIssue({ code: 'custom', message: `${field} : un montant en euros, au centime près, jusqu’à ${THRESHOLD_EUROS_MAX.toLocaleString('fr-FR')} € (vide : pas de seuil).` });
      return z.NEVER;
    }
    return euros;
  });

/**
 * The thresholds form as a person fills it: the percentages as a list (`80, 100`), the amounts
 * as typed; it gives what `PUT …/seuils` takes.
 */
export const thresholdsFormSchema = lazySchema(() =>
  z
    .object({
      pourcentages: z.string().transform((text, ctx) => {
        const parts = text.split(/[\s,;%]+/).filter((part) => part !== '');
        const values = parts.map(Number);
        const valid = values.every((value) => Number.isInteger(value) && value >= 1 && value <= DATA_PERCENTAGE_MAX);
        if (!valid || values.length > DATA_PERCENTAGES_MAX || new Set(values).size !== values.length) {
          ctx.addIssue({ code: 'custom', message: `Indiquez au plus ${DATA_PERCENTAGES_MAX} pourcentages entiers différents, de 1 à ${DATA_PERCENTAGE_MAX}, séparés par des virgules (par exemple 80, 100).` });
          return z.NEVER;
        }
        return values.sort((a, b) => a - b);
      }),
      horsForfait: eurosText('Seuil hors forfait'),
      itinerance: eurosText('Seuil d’itinérance'),
      action: z.enum(THRESHOLD_ACTIONS),
      prevenirUtilisateur: z.boolean(),
    })
    .transform(
      ({ pourcentages, horsForfait, itinerance, action, prevenirUtilisateur }): Thresholds => ({
        dataPourcentages: pourcentages,
        horsForfaitEurosHT: horsForfait,
        itineranceEurosHT: itinerance,
        action,
        prevenirUtilisateur,
      }),
    ),
);
export type ThresholdsFormInput = z.input<typeof thresholdsFormSchema>;

/** The form's fields from thresholds, as the form shows them (`50,00`). */
export function thresholdsFormValues(thresholds: Thresholds): ThresholdsFormInput {
  const text = (euros: number | null) => (euros === null ? '' : euros.toFixed(2).replace('.', ','));
  return {
    pourcentages: thresholds.dataPourcentages.join(', '),
    horsForfait: text(thresholds.horsForfaitEurosHT),
    itinerance: text(thresholds.itineranceEurosHT),
    action: thresholds.action,
    prevenirUtilisateur: thresholds.prevenirUtilisateur,
  };
}

/** Where the thresholds of a line come from. */
export const THRESHOLD_ORIGINS = ['LIGNE', 'COMPTE', 'DEFAUT'] as const;
export type ThresholdOrigin = (typeof THRESHOLD_ORIGINS)[number];

export const thresholdsAnswerSchema = lazySchema(() =>
  thresholdsSchema.safeExtend({
    dataPourcentages: z.array(z.number().int()),
    prevenirUtilisateur: z.boolean(),
    origine: z.enum(THRESHOLD_ORIGINS).describe('LIGNE : seuils propres à la ligne ; COMPTE : ceux du compte ; DEFAUT : ceux du portail'),
  }),
);
export type ThresholdsAnswer = z.infer<typeof thresholdsAnswerSchema>;

export const ALERT_TYPES = ['DATA_SEUIL', 'HORS_FORFAIT', 'ITINERANCE', 'ANOMALIE'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_STATUSES = ['NOUVELLE', 'VUE', 'RESOLUE'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
/** What `seuil` and `valeur` count: a share of the data allowance, euros HT, or MB of data in a day. */
export const ALERT_UNITS = ['POURCENT', 'EUROS_HT', 'MO'] as const;
export type AlertUnit = (typeof ALERT_UNITS)[number];

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  DATA_SEUIL: 'Seuil de données atteint',
  HORS_FORFAIT: 'Seuil hors forfait atteint',
  ITINERANCE: 'Seuil d’itinérance atteint',
  ANOMALIE: 'Consommation inhabituelle',
};
export const ALERT_STATUS_LABELS: Record<AlertStatus, string> = { NOUVELLE: 'Nouvelle', VUE: 'Vue', RESOLUE: 'Résolue' };

export const alertSchema = lazySchema(() =>
  z.object({
    idAlerte: z.number().int(),
    idContrat: z.number().int(),
    numeroLigne: z.string(),
    type: z.enum(ALERT_TYPES),
    /** The threshold crossed, in `unite`. */
    seuil: z.number(),
    /** What the line had reached when it crossed, in `unite`. */
    valeur: z.number(),
    unite: z.enum(ALERT_UNITS),
    periode: z.string().regex(BILLING_PERIOD),
    declencheeLe: z.string().describe('Date et heure ISO 8601'),
    statut: z.enum(ALERT_STATUSES),
    /** The alert suspended the line's data. */
    blocage: z.boolean(),
  }),
);
export type Alert = z.infer<typeof alertSchema>;

const megabytes = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const euroText = (euros: number) => `${formatCentimes(Math.round(euros * 100))} HT`;

/** What an alert says, in the portal and in its e-mail: the line, what it reached, the threshold. */
export function alertSentence(alert: Pick<Alert, 'numeroLigne' | 'type' | 'seuil' | 'valeur' | 'unite'>): string {
  const line = `La ligne ${formatPhone(alert.numeroLigne)}`;
  switch (alert.type) {
    case 'DATA_SEUIL':
      return `${line} a consommé ${alert.valeur} % de son forfait de données (seuil de ${alert.seuil} %).`;
    case 'HORS_FORFAIT':
      return `${line} a atteint ${euroText(alert.valeur)} de hors forfait sur la période (seuil de ${euroText(alert.seuil)}).`;
    case 'ITINERANCE':
      return `${line} a atteint ${euroText(alert.valeur)} d’itinérance sur la période (seuil de ${euroText(alert.seuil)}).`;
    case 'ANOMALIE':
      return alert.unite === 'MO'
        ? `${line} a consommé ${megabytes.format(alert.valeur)} Mo de données en une journée, bien plus que d’habitude (seuil d’anomalie : ${megabytes.format(alert.seuil)} Mo).`
        : `${line} a atteint ${euroText(alert.valeur)} de hors forfait en moins de 24 heures (seuil d’anomalie : ${euroText(alert.seuil)}).`;
  }
}

/** What a freeze of a line's data leaves working, said wherever the freeze is. */
export const DATA_FREEZE_SCOPE = 'Les appels, les SMS et les appels d’urgence restent possibles.';

/** Alerts one CSV export holds at most, the newest first. */
export const ALERTS_EXPORT_MAX = 50_000;

/** Alerts listed at most in one answer (the newest first); `total` counts them all. */
export const ALERTS_PAGE_MAX = 500;

export const alertsQuerySchema = lazySchema(() =>
  z.object({
    statut: z
      .enum(ALERT_STATUSES, 'Le statut doit être NOUVELLE, VUE ou RESOLUE.')
      .optional()
      .describe('Ne montrer que les alertes de ce statut'),
  }),
);
export type AlertsQuery = z.infer<typeof alertsQuerySchema>;

export const alertsAnswerSchema = lazySchema(() =>
  z.object({
    alertes: z.array(alertSchema),
    total: z.number().int().describe('Nombre d’alertes de ce statut, au-delà des 500 listées'),
  }),
);
export type AlertsAnswer = z.infer<typeof alertsAnswerSchema>;

export const alertUpdateSchema = lazySchema(() =>
  z.strictObject({ statut: z.enum(['VUE', 'RESOLUE'], 'Le statut doit être VUE ou RESOLUE.') }),
);
export type AlertUpdate = z.infer<typeof alertUpdateSchema>;

export const DATA_FREEZE_CAUSES = ['SEUIL', 'MANUEL'] as const;
export type DataFreezeCause = (typeof DATA_FREEZE_CAUSES)[number];

export const dataFreezeSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    bloquee: z.boolean(),
    /** When the freeze began (ISO 8601); null when the data runs. */
    depuis: z.string().nullable(),
    cause: z.enum(DATA_FREEZE_CAUSES).nullable(),
    /** The alert whose threshold froze the line. */
    alerte: alertSchema.nullable(),
    /** The day the freeze ends by itself: the first day of the next billing period. */
    finPrevue: z.string().nullable(),
  }),
);
export type DataFreeze = z.infer<typeof dataFreezeSchema>;

export const alertsAccountParamSchema = lazySchema(() => z.object({ idClientBscs: idSchema('Le compte de facturation') }));
export const alertsLineParamSchema = lazySchema(() => z.object({ idContrat: idSchema('La ligne (contrat)') }));
export const alertParamSchema = lazySchema(() => z.object({ idAlerte: idSchema('L’alerte') }));
