import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** VAT on telecom services in France, in percent. */
export const VAT_PERCENT = 20;

/** A price in cents excluding VAT, as euros excluding and including VAT (rounded to the cent). */
export function monthlyPrices(centsExclVat: number): { prixMensuelHT: number; prixMensuelTTC: number } {
  return {
    prixMensuelHT: centsExclVat / 100,
    prixMensuelTTC: Math.round((centsExclVat * (100 + VAT_PERCENT)) / 100) / 100,
  };
}

/** A plan of the catalogue (`GET /api/offres`). */
export const offerSchema = lazySchema(() =>
  z.object({
    idOffreEngagement: z.number().int(),
    libelle: z.string(),
    /** Product range: 1 mobile, 2 fixed internet. */
    id_Gamme: z.number().int(),
    description: z.string(),
    /** Monthly price in euros, excluding VAT. */
    prixMensuelHT: z.number(),
    /** Monthly price in euros, including VAT. */
    prixMensuelTTC: z.number(),
    /** Mobile data allowance in France, in MB; null when unlimited or not a mobile plan. */
    dataMo: z.number().int().nullable(),
    dataIllimitee: z.boolean(),
    optionsIncluses: z.array(z.string()),
  }),
);
export type Offer = z.infer<typeof offerSchema>;

export const offerListSchema = lazySchema(() => z.array(offerSchema));
