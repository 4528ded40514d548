import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/*
 * Barrings of a line (decision 053): the account's manager bars roaming (calls, texts and data
 * abroad) or calls to international numbers, one line at a time or many through a bulk action.
 * Mobile data has its own freeze (usage alerts).
 */

/** A line's barrings: true when the service is barred. */
export const lineBarringsSchema = lazySchema(() =>
  z.object({
    itinerance: z.boolean().describe('true : l’itinérance est bloquée (ni appels, ni SMS, ni internet à l’étranger)'),
    international: z.boolean().describe('true : les appels vers des numéros étrangers sont bloqués'),
  }),
);
export type LineBarrings = z.infer<typeof lineBarringsSchema>;

/**
 * `PUT /api/lignes/{idContrat}/barrages`: both barrings, as JSON booleans (the text "true" is
 * refused, not read as true), and nothing else.
 */
export const lineBarringsBodySchema = lazySchema(() =>
  z.strictObject({
    itinerance: z.boolean('Indiquez si l’itinérance est bloquée (true) ou autorisée (false).'),
    international: z.boolean('Indiquez si les appels vers l’international sont bloqués (true) ou autorisés (false).'),
  }),
);

/** The answer of the write: the line's barrings as they now are. */
export const lineBarringsAnswerSchema = lazySchema(() => lineBarringsSchema.extend({ idContrat: z.number().int() }));
export type LineBarringsAnswer = z.infer<typeof lineBarringsAnswerSchema>;

/** The services a bulk action bars or allows, one at a time. */
export const BARRING_SERVICES = ['ITINERANCE', 'INTERNATIONAL'] as const;
export type BarringService = (typeof BARRING_SERVICES)[number];

/** The barring each service names. */
export const BARRING_FIELDS: Record<BarringService, keyof LineBarrings> = {
  ITINERANCE: 'itinerance',
  INTERNATIONAL: 'international',
};

/** What barring each service means, as the line page and the bulk form say it. */
export const BARRING_LABELS: Record<BarringService, string> = {
  ITINERANCE: 'Bloquer l’itinérance (appels, SMS et internet à l’étranger)',
  INTERNATIONAL: 'Bloquer les appels vers l’international',
};

/** The service's name alone, as the export's headers and the bulk form's choice say it. */
export const BARRING_SERVICE_NAMES: Record<BarringService, string> = {
  ITINERANCE: 'Itinérance',
  INTERNATIONAL: 'Appels vers l’international',
};

/** What each service covers, said where it is chosen. */
export const BARRING_SERVICE_DESCRIPTIONS: Record<BarringService, string> = {
  ITINERANCE: 'Appels, SMS et internet depuis l’étranger.',
  INTERNATIONAL: 'Appels depuis la France vers des numéros étrangers.',
};

