import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { lineStatusSchema } from './lines.ts';
import { MAX_ID } from './constants.ts';

/**
 * The manager's home page (decision 046): what the account's other endpoints do not answer in one
 * read: its lines counted by status, the lines that used most data this billing period, and the
 * orders still in progress.
 */

/** How many of the heaviest data users and of the latest orders in progress the page shows. */
export const HOME_TOP_LINES = 5;
export const HOME_LATEST_ORDERS = 3;

/** `GET /api/clients/{idClientBscs}/accueil`. */
export const homeParamsSchema = lazySchema(() =>
  z.object({ idClientBscs: z.coerce.number().int().positive().max(MAX_ID).describe('Le compte de facturation, que l’appelant doit gérer') }),
);

export const homeTopLineSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    numeroLigne: z.string(),
    /** The person using the line, as the manager named them; null when nobody is named. */
    utilisateur: z.string().nullable(),
    libelleOffre: z.string(),
    /** Data used this period, MB: the monthly reading plus what the usage feed counted (decision 045). */
    dataMo: z.number().int(),
    /** What the plan includes each period, MB; null when unlimited. */
    forfaitDataMo: z.number().int().nullable(),
    /** Share of the allowance used, percent rounded down (may exceed 100); null when unlimited or none included. */
    partForfait: z.number().int().nullable(),
  }),
);
export type HomeTopLine = z.infer<typeof homeTopLineSchema>;

export const homeOrderSchema = lazySchema(() =>
  z.object({
    numero: z.string(),
    /** ISO instant the order was created. */
    date: z.string(),
    typeLibelle: z.string(),
    etapeLibelle: z.string(),
    /** One-off total including VAT, euros. */
    totalTtc: z.number(),
  }),
);
export type HomeOrder = z.infer<typeof homeOrderSchema>;

export const homeSchema = lazySchema(() =>
  z.object({
    /** The running billing period (`YYYY-MM`), the one `grosConsommateurs` is about. */
    periode: z.string(),
    lignes: z.object({
      total: z.number().int(),
      /** Every status, in LINE_STATUSES order, zeros included; the counts add up to `total`. */
      parStatut: z.array(z.object({ statut: lineStatusSchema, nombre: z.number().int() })),
    }),
    /** The lines that used most data this period, most first (HOME_TOP_LINES at most; lines with no use are left out). */
    grosConsommateurs: z.array(homeTopLineSchema),
    commandes: z.object({
      /** Orders of the account not yet confirmed nor cancelled. */
      enCours: z.number().int(),
      /** The latest of them, newest first (HOME_LATEST_ORDERS at most). */
      dernieres: z.array(homeOrderSchema),
    }),
  }),
);
export type Home = z.infer<typeof homeSchema>;
