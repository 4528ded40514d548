import { z } from 'zod';
import { VAT_RATE_BP, euros, invoiceTotals } from './invoices-rules.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * An invoice by cost centre (decision 049): each charge counts for the centre its line had when
 * the invoice was issued (the snapshot on the charge), never the line's centre of today. The
 * charges of lines without a centre and the account's own charges make one more group, « Sans
 * centre de coût ». The centres are the invoice's groups of `invoiceTotals`: the VAT, computed once
 * on the whole, is shared among them, so the groups add up to the invoice to the cent.
 */

/** The group of the charges no centre was recorded for. */
export const NO_CENTRE_LABEL = 'Sans centre de coût';

/** What the breakdown reads of a charge: its line and the centre recorded on it at issue. */
export interface CentreCharge {
  idContrat: number | null;
  idCentre: number | null;
  centreCode: string | null;
  centreLibelle: string | null;
  montantHtCentimes: number;
}

/** One centre's (or no centre's: `idCentre` null) share of an invoice, in cents. */
export interface CentreShare<Charge extends CentreCharge = CentreCharge> {
  idCentre: number | null;
  code: string | null;
  libelle: string;
  charges: Charge[];
  htCentimes: number;
  tvaCentimes: number;
  ttcCentimes: number;
}

/**
 * The invoice's charges by the centre recorded on each: the centres by code, then the charges
 * without one (if any); each group with its share of the invoice's VAT.
 */
export function centreShares<Charge extends CentreCharge>(charges: readonly Charge[], rateBp: number = VAT_RATE_BP): CentreShare<Charge>[] {
  const groups = new Map<number | null, Charge[]>();
  for (const charge of charges) {
    const key = charge.idCentre;
    const group = groups.get(key);
    if (group) group.push(charge);
    else groups.set(key, [charge]);
  }
  const named = [...groups.entries()]
    .filter((entry): entry is [number, Charge[]] => entry[0] !== null)
    .sort(([a, itemsA], [b, itemsB]) => (itemsA[0]?.centreCode ?? '').localeCompare(itemsB[0]?.centreCode ?? '', 'fr') || a - b);
  const none = groups.get(null);
  const ordered: [number | null, Charge[]][] = none ? [...named, [null, none]] : named;
  const totals = invoiceTotals(
    ordered.map(([, items]) => items.map((item) => item.montantHtCentimes)),
    rateBp,
  );
  return ordered.map(([idCentre, items], index) => {
    const share = totals.groups[index] ?? { htCentimes: 0, tvaCentimes: 0, ttcCentimes: 0 };
    const first = items[0];
    return {
      idCentre,
      code: idCentre === null ? null : (first?.centreCode ?? null),
      libelle: idCentre === null ? NO_CENTRE_LABEL : (first?.centreLibelle ?? NO_CENTRE_LABEL),
      charges: items,
      ...share,
    };
  });
}

/** What each centre's charges weigh on two invoices, excluding VAT: the centres whose amount moved, the largest first. */
export function centreChanges(before: readonly CentreCharge[], after: readonly CentreCharge[]): InvoiceCentreChange[] {
  const keys = new Map<number | null, { code: string | null; libelle: string; avant: number; apres: number }>();
  const add = (charge: CentreCharge, side: 'avant' | 'apres') => {
    const entry = keys.get(charge.idCentre) ?? {
      code: charge.idCentre === null ? null : charge.centreCode,
      libelle: charge.idCentre === null ? NO_CENTRE_LABEL : (charge.centreLibelle ?? NO_CENTRE_LABEL),
      avant: 0,
      apres: 0,
    };
    // The label the latest invoice recorded wins: the comparison is read from this invoice.
    if (side === 'apres' && charge.idCentre !== null) Object.assign(entry, { code: charge.centreCode, libelle: charge.centreLibelle ?? entry.libelle });
    entry[side] += charge.montantHtCentimes;
    keys.set(charge.idCentre, entry);
  };
  for (const charge of before) add(charge, 'avant');
  for (const charge of after) add(charge, 'apres');
  return [...keys.entries()]
    .map(([idCentre, entry]) => ({ idCentre, ...entry, ecart: entry.apres - entry.avant }))
    .filter((entry) => entry.ecart !== 0)
    .sort((a, b) => Math.abs(b.ecart) - Math.abs(a.ecart) || (a.idCentre === null ? 1 : 0) - (b.idCentre === null ? 1 : 0) || (a.code ?? '').localeCompare(b.code ?? '', 'fr'))
    .map((entry) => ({
      idCentre: entry.idCentre,
      code: entry.code,
      libelle: entry.libelle,
      avantHT: euros(entry.avant),
      apresHT: euros(entry.apres),
      ecartHT: euros(entry.ecart),
    }));
}

// ---------------------------------------------------------------------------------------------
// Requests

/** A month of invoices, `YYYY-MM`. */
const month = lazySchema(() =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Le mois doit être au format AAAA-MM.')
    .refine((text) => Number(text.slice(0, 4)) >= 2000 && Number(text.slice(0, 4)) <= 2100, 'Ce mois est hors des années de facturation.'),
);

/** Months one export by centre may cover: three years. */
export const INVOICE_CENTRES_EXPORT_MAX_MONTHS = 36;

export const INVOICE_CENTRES_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type InvoiceCentresExportFormat = (typeof INVOICE_CENTRES_EXPORT_FORMATS)[number];

/** Months from `du` to `au` (`YYYY-MM`), both counted. */
export const monthsSpanned = (du: string, au: string): number =>
  (Number(au.slice(0, 4)) - Number(du.slice(0, 4))) * 12 + Number(au.slice(5, 7)) - Number(du.slice(5, 7)) + 1;

/**
 * `GET /api/facture/{idClientBscs}/centres-de-cout/export?du=AAAA-MM&au=AAAA-MM&format=csv|xlsx`:
 * the invoices dated in those months (both included), one row per invoice and centre; the last
 * twelve months when no period is given.
 */
export const invoiceCentresExportQuerySchema = lazySchema(() =>
  z
    .object({
      format: z.enum(INVOICE_CENTRES_EXPORT_FORMATS, 'Le format d’export doit être csv ou xlsx.').default('csv'),
      du: month.optional().describe('Premier mois de la période (date de facture), AAAA-MM'),
      au: month.optional().describe('Dernier mois de la période (date de facture), AAAA-MM'),
    })
    .refine((query) => !query.du || !query.au || query.du <= query.au, { path: ['au'], message: 'La fin de la période doit suivre son début.' })
    .refine((query) => !query.du || !query.au || monthsSpanned(query.du, query.au) <= INVOICE_CENTRES_EXPORT_MAX_MONTHS, {
      path: ['au'],
      message: `La période exportée ne peut dépasser ${INVOICE_CENTRES_EXPORT_MAX_MONTHS} mois.`,
    }),
);
export type InvoiceCentresExportQuery = z.infer<typeof invoiceCentresExportQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

const totals = { totalHT: z.number(), totalTVA: z.number(), totalTTC: z.number() };

/** One centre of an invoice: its lines (and, without a centre, the account's own charges) and its share of the totals. */
export const invoiceCentreSchema = lazySchema(() =>
  z.object({
    /** Null for the charges without a centre. */
    idCentre: z.number().int().nullable(),
    code: z.string().nullable(),
    libelle: z.string(),
    lignes: z.array(
      z.object({
        /** Null for the account's own charges. */
        idContrat: z.number().int().nullable(),
        numeroLigne: z.string().nullable(),
        utilisateur: z.string().nullable(),
        montantHT: z.number(),
      }),
    ),
    ...totals,
  }),
);
export type InvoiceCentre = z.infer<typeof invoiceCentreSchema>;

/** `GET /api/facture/{idClientBscs}/{referenceNumber}/centres-de-cout`: the centres add up to the invoice to the cent. */
export const invoiceCentresSchema = lazySchema(() =>
  z.object({
    referenceNumber: z.string(),
    dateFacture: z.string(),
    montantHT: z.number(),
    montantTVA: z.number(),
    montantTTC: z.number(),
    centres: z.array(invoiceCentreSchema),
  }),
);
export type InvoiceCentres = z.infer<typeof invoiceCentresSchema>;

/** « Pourquoi ma facture a changé ? » by centre: what one centre's charges weigh, before and now, excluding VAT. */
export const invoiceCentreChangeSchema = lazySchema(() =>
  z.object({
    idCentre: z.number().int().nullable(),
    code: z.string().nullable(),
    libelle: z.string(),
    avantHT: z.number(),
    apresHT: z.number(),
    ecartHT: z.number(),
  }),
);
export type InvoiceCentreChange = z.infer<typeof invoiceCentreChangeSchema>;
