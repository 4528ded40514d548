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

/**
 * A plan named in a sentence: its label when it says « Forfait » itself (« passera au Forfait Pro
 * 50 Go »), else the label after the word (« forfait Box Pro Fibre »), so that no text reads
 * « forfait Forfait ».
 */
export function planPhrase(libelle: string): string {
  return /^forfait\b/iu.test(libelle.trim()) ? libelle.trim() : `forfait ${libelle.trim()}`;
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
