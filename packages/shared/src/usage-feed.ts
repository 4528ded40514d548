import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/*
 * The usage feed (decision 045): the operator's mediation system pushes each line's usage records
 * as they happen (`POST /api/interne/usages`); the portal counts each record once and adds it to
 * its line's day.
 */

export const USAGE_TYPES = ['DATA', 'VOIX', 'SMS', 'DATA_ITINERANCE', 'VOIX_ITINERANCE'] as const;
export type UsageType = (typeof USAGE_TYPES)[number];
export const USAGE_ZONES = ['FRANCE', 'UE', 'MONDE'] as const;
export type UsageZone = (typeof USAGE_ZONES)[number];

/** Most records one request carries. */
export const USAGE_BATCH_MAX = 10_000;
/** Longest record id the mediation system may give. */
export const USAGE_EVENT_ID_MAX = 100;
/** Largest volume of one record: 1 TB of data, a year of calls, a million SMS. */
export const USAGE_VOLUME_MAX = 1_000_000_000_000;
/** Largest out-of-bundle amount of one record: 100,000 € HT. */
export const USAGE_AMOUNT_MAX_CENTIMES = 10_000_000;
/** How far ahead of the server's clock a record's time may be (the clocks of two systems differ a little). */
export const USAGE_CLOCK_SKEW_MS = 5 * 60_000;

/** How old a record may be: live usage arrives within minutes, a late one within days; older is a correction for billing, not for this feed. */
export const USAGE_MAX_AGE_DAYS = 92;

/** Why a well-formed record is not counted. */
export const USAGE_REJECTIONS = {
  LIGNE_INCONNUE: 'Aucune ligne mobile ne porte ce numéro.',
  LIGNE_RESILIEE: 'La ligne est résiliée : sa consommation n’est plus relevée.',
  HORODATAGE_FUTUR: 'L’horodatage est dans le futur.',
  HORODATAGE_ANCIEN: `L’horodatage date de plus de ${USAGE_MAX_AGE_DAYS} jours.`,
} as const;
export type UsageRejection = keyof typeof USAGE_REJECTIONS;

/** A French mobile number as the feed may write it (06…, 07…, 33… or +33…), in the portal's form 0XXXXXXXXX. */
export function nationalMobileNumber(value: string): string | null {
  const digits = value.replace(/[\s.-]/g, '');
  const match = /^(?:0|\+33|0033|33)([67]\d{8})$/.exec(digits);
  return match ? `0${match[1]}` : null;
}

export const usageEventSchema = lazySchema(() =>
  z.strictObject({
    idEvenement: z
      .string()
      .min(1, 'idEvenement est vide.')
      .max(USAGE_EVENT_ID_MAX, `idEvenement compte au plus ${USAGE_EVENT_ID_MAX} caractères.`)
      .regex(/^[\x21-\x7e]+$/, 'idEvenement ne compte que des caractères ASCII visibles.')
      .describe('L’identifiant du relevé chez le système de médiation : un relevé envoyé deux fois n’est compté qu’une fois'),
    numeroLigne: z
      .string()
      .max(20)
      .transform((value, ctx) => {
        const national = nationalMobileNumber(value);
        if (national === null) {
          ctx.addIssue({ code: 'custom', message: 'numeroLigne doit être un numéro mobile français (06, 07, +33 6 ou +33 7).' });
          return z.NEVER;
        }
        return national;
      })
      .describe('Le numéro de la ligne, 0612345678 ou +33612345678'),
    horodatage: z.iso.datetime({ offset: true, message: 'horodatage doit être une date et heure ISO 8601 avec fuseau.' }).describe('Le moment de l’usage'),
    type: z.enum(USAGE_TYPES),
    zone: z.enum(USAGE_ZONES),
    volume: z
      .number()
      .int('volume doit être un nombre entier.')
      .min(0, 'volume ne peut être négatif.')
      .max(USAGE_VOLUME_MAX)
      .describe('En octets (données), en secondes (voix) ou en unités (SMS)'),
    montantHorsForfaitCentimes: z
      .number()
      .int('montantHorsForfaitCentimes doit être un nombre entier de centimes.')
      .min(0, 'montantHorsForfaitCentimes ne peut être négatif.')
      .max(USAGE_AMOUNT_MAX_CENTIMES)
      .describe('Ce que l’usage coûte au-delà du forfait, HT, en centimes'),
  }),
);
export type UsageEventInput = z.input<typeof usageEventSchema>;
export type UsageEvent = z.output<typeof usageEventSchema>;

/** `POST /api/interne/usages`. */
export const usageBatchSchema = lazySchema(() =>
  z.strictObject({
    evenements: z
      .array(usageEventSchema, 'evenements doit être une liste de relevés.')
      .min(1, 'evenements ne peut être vide.')
      .max(USAGE_BATCH_MAX, `Au plus ${USAGE_BATCH_MAX} relevés par requête.`),
  }),
);
export type UsageBatch = z.output<typeof usageBatchSchema>;

export const usageBatchAnswerSchema = lazySchema(() =>
  z.object({
    acceptes: z.number().int().describe('Relevés comptés par cette requête'),
    doublons: z.number().int().describe('Relevés déjà reçus (même idEvenement), comptés une seule fois'),
    rejetes: z.array(z.object({ idEvenement: z.string(), raison: z.enum(Object.keys(USAGE_REJECTIONS) as [UsageRejection, ...UsageRejection[]]), message: z.string() })),
  }),
);
export type UsageBatchAnswer = z.infer<typeof usageBatchAnswerSchema>;
