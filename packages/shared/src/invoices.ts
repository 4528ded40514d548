import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { invoiceStatusSchema } from './invoices-rules.ts';
import { invoiceCentreChangeSchema } from './invoice-centres.ts';
import { contactMessageSchema } from './support.ts';
import { MAX_ID } from './constants.ts';

/**
 * Invoices of a billing account (spec §1, §7 "Invoices and payment"; decision 025): the list, the
 * detail per line, the difference with the previous invoice, the files (PDF, a year as a ZIP, the
 * lines as CSV or XLSX) and the complaint memo. Amounts are integer cents everywhere they are
 * stored or computed; answers give euros (cents / 100, two decimals at most).
 */

export * from './invoices-rules.ts';

// ---------------------------------------------------------------------------------------------
// What an invoice bills

export const INVOICE_ITEM_NATURES = ['ABONNEMENT', 'OPTION', 'HORS_FORFAIT', 'PONCTUEL', 'REMISE'] as const;
export const invoiceItemNatureSchema = lazySchema(() => z.enum(INVOICE_ITEM_NATURES));
export type InvoiceItemNature = z.infer<typeof invoiceItemNatureSchema>;

export const INVOICE_ITEM_NATURE_LABELS: Record<InvoiceItemNature, string> = {
  ABONNEMENT: 'Abonnement',
  OPTION: 'Options',
  HORS_FORFAIT: 'Communications hors forfait',
  PONCTUEL: 'Frais ponctuels',
  REMISE: 'Remises',
};

/**
 * Monthly price excluding VAT of each option a line can take, in cents (the price guide's). An
 * option the line's plan includes is not billed; one that is free shows at 0 and is not billed.
 */
export const LINE_OPTION_PRICES_CENTIMES: Readonly<Record<string, number>> = {
  'Europe et DOM 5 Go': 500,
  'International 2 h': 999,
  'Roaming Monde 1 Go': 1_500,
  'Blocage des numéros surtaxés': 0,
  'Messagerie vocale visuelle': 100,
  'Multi-SIM data': 500,
};

/** How the account pays its invoices (its payment settings; by transfer when it has none). */
export const INVOICE_PAYMENT_MODES = ['CARTE', 'VIREMENT', 'PRELEVEMENT'] as const;
export type InvoicePaymentMode = (typeof INVOICE_PAYMENT_MODES)[number];

export const INVOICE_PAYMENT_MEANS = ['CARTE', 'PRELEVEMENT', 'VIREMENT', 'BDP', 'AVOIR'] as const;
export const INVOICE_PAYMENT_MEAN_LABELS: Record<(typeof INVOICE_PAYMENT_MEANS)[number], string> = {
  CARTE: 'Carte bancaire',
  PRELEVEMENT: 'Prélèvement',
  VIREMENT: 'Virement',
  BDP: 'Paiement en boutique',
  AVOIR: 'Avoir',
};

/** `F` + the invoice's year and month (`YYMM`) + the account: one invoice per account and month. */
export function invoiceReference(idClientBscs: number, dateFacture: string): string {
  return `F${dateFacture.slice(2, 4)}${dateFacture.slice(5, 7)}${idClientBscs}`;
}

// ---------------------------------------------------------------------------------------------
// Requests

export const INVOICE_YEAR_MIN = 2000;
export const INVOICE_YEAR_MAX = 2100;
export const INVOICE_PAGE_SIZE_MAX = 50;
/** Longest span one export of invoice lines may cover, in days (three years). */
export const INVOICE_EXPORT_MAX_DAYS = 3 * 366;

const idClientBscs = lazySchema(() =>
  z.coerce
    .number<string>('Le compte de facturation doit être désigné par son identifiant numérique.')
    .int()
    .positive()
    .max(MAX_ID)
    .describe('Le compte de facturation (idClientBscs)'),
);

/** Reference numbers as issued (`F` + year and month + account): letters, digits and dashes. */
export const INVOICE_REFERENCE_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,31}$/;

/** `/api/facture/{idClientBscs}`, its ZIP and its export. */
export const invoiceAccountParamSchema = lazySchema(() => z.object({ idClientBscs }));

/** `/api/detail-facture/{idClientBscs}/{referenceNumber}` and the other routes naming one invoice. */
export const invoiceParamSchema = lazySchema(() =>
  z.object({
    idClientBscs,
    referenceNumber: z
      .string()
      .regex(INVOICE_REFERENCE_PATTERN, 'La référence de facture est invalide.')
      .describe('Le numéro de la facture (referenceNumber)'),
  }),
);

const year = lazySchema(() =>
  z.coerce
    .number<string>(`L’année doit être comprise entre ${INVOICE_YEAR_MIN} et ${INVOICE_YEAR_MAX}.`)
    .int(`L’année doit être comprise entre ${INVOICE_YEAR_MIN} et ${INVOICE_YEAR_MAX}.`)
    .min(INVOICE_YEAR_MIN, `L’année doit être comprise entre ${INVOICE_YEAR_MIN} et ${INVOICE_YEAR_MAX}.`)
    .max(INVOICE_YEAR_MAX, `L’année doit être comprise entre ${INVOICE_YEAR_MIN} et ${INVOICE_YEAR_MAX}.`),
);

export const INVOICE_SORT_FIELDS = ['dateFacture', 'dateEcheance', 'montantTTC', 'resteAPayer'] as const;
export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];

/** `GET /api/facture/{idClientBscs}?annee=&page=&taille=&tri=&ordre=`: newest first unless told. */
export const invoiceListQuerySchema = lazySchema(() =>
  z.object({
    annee: year.optional().describe('Les factures émises cette année-là ; toutes sans elle'),
    page: z.coerce.number<string>().int().min(1).max(100_000).default(1),
    taille: z.coerce.number<string>().int().min(1).max(INVOICE_PAGE_SIZE_MAX).default(12),
    tri: z.enum(INVOICE_SORT_FIELDS).default('dateFacture'),
    ordre: z.enum(['asc', 'desc']).default('desc'),
  }),
);
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** `GET /api/facture/{idClientBscs}/zip?annee=`. */
export const invoiceZipQuerySchema = lazySchema(() => z.object({ annee: year }));

/** A real calendar date, `YYYY-MM-DD`, within the years invoices can have. */
const calendarDate = lazySchema(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'La date doit être au format AAAA-MM-JJ.')
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      const yearOf = Number(text.slice(0, 4));
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && yearOf >= INVOICE_YEAR_MIN && yearOf <= INVOICE_YEAR_MAX;
    }, 'Cette date n’existe pas.'),
);

export const INVOICE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type InvoiceExportFormat = (typeof INVOICE_EXPORT_FORMATS)[number];

/**
 * `GET /api/facture/{idClientBscs}/export?format=&du=&au=`: the lines of the invoices dated in the
 * period (both days included); the last twelve months when no period is given.
 */
export const invoiceExportQuerySchema = lazySchema(() =>
  z
    .object({
      format: z.enum(INVOICE_EXPORT_FORMATS, 'Le format d’export doit être csv ou xlsx.').default('csv'),
      du: calendarDate.optional().describe('Premier jour de la période (date de facture), AAAA-MM-JJ'),
      au: calendarDate.optional().describe('Dernier jour de la période (date de facture), AAAA-MM-JJ'),
    })
    .refine((query) => !query.du || !query.au || query.du <= query.au, { path: ['au'], message: 'La fin de la période doit suivre son début.' })
    .refine(
      (query) => !query.du || !query.au || Date.parse(query.au) - Date.parse(query.du) <= INVOICE_EXPORT_MAX_DAYS * 86_400_000,
      { path: ['au'], message: 'La période exportée ne peut dépasser trois ans.' },
    ),
);
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;

/** Invoices and credit notes are kept ten years (Code de commerce, L. 123-22): the longest period one archive covers. */
export const INVOICE_ARCHIVE_MAX_DAYS = 3_653;

/** `GET /api/facture/{idClientBscs}/archive?du=&au=`: the documents dated in the period. */
export const invoiceArchiveQuerySchema = lazySchema(() =>
  z
    .object({
      du: calendarDate.describe('Premier jour de la période (date du document), AAAA-MM-JJ'),
      au: calendarDate.describe('Dernier jour de la période (date du document), AAAA-MM-JJ'),
    })
    .refine((query) => query.du <= query.au, { path: ['au'], message: 'La fin de la période doit suivre son début.' })
    .refine((query) => Date.parse(query.au) - Date.parse(query.du) <= INVOICE_ARCHIVE_MAX_DAYS * 86_400_000, {
      path: ['au'],
      message: 'La période archivée ne peut dépasser dix ans.',
    }),
);
export type InvoiceArchiveQuery = z.infer<typeof invoiceArchiveQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** An invoice as the list shows it. */
export const invoiceSchema = lazySchema(() =>
  z.object({
    referenceNumber: z.string(),
    dateFacture: z.string(),
    dateEcheance: z.string(),
    periodeDebut: z.string(),
    periodeFin: z.string(),
    montantHT: z.number(),
    montantTVA: z.number(),
    montantTTC: z.number(),
    resteAPayer: z.number(),
    statut: invoiceStatusSchema,
    /** A complaint about it is being handled. */
    reclamationEnCours: z.boolean(),
  }),
);
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicePageSchema = lazySchema(() =>
  z.object({
    factures: z.array(invoiceSchema),
    total: z.number().int(),
    page: z.number().int(),
    taille: z.number().int(),
    /** The years the account has invoices in, newest first (the year filter's choices). */
    annees: z.array(z.number().int()),
    /** What is left to pay now on all the account's invoices, direct debits still to come excepted (euros). */
    soldeAPayer: z.number(),
    /** How many of them are late. */
    enRetard: z.number().int(),
  }),
);
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const invoiceItemSchema = lazySchema(() =>
  z.object({
    nature: invoiceItemNatureSchema,
    libelle: z.string(),
    quantite: z.number().int(),
    montantHT: z.number(),
    /** VAT rate in percent (20). */
    tauxTVA: z.number(),
  }),
);
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

const groupTotals = { totalHT: z.number(), totalTVA: z.number(), totalTTC: z.number() };

/** The charges of one line, with its share of the invoice's VAT. */
export const invoiceLineSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    numeroLigne: z.string(),
    /** The person using the line, when one is named. */
    utilisateur: z.string().nullable(),
    elements: z.array(invoiceItemSchema),
    ...groupTotals,
  }),
);
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePaymentSchema = lazySchema(() =>
  z.object({
    date: z.string(),
    montant: z.number(),
    moyen: z.enum(INVOICE_PAYMENT_MEANS),
  }),
);

export const INVOICE_COMPLAINT_MOTIFS = [
  'MONTANT_ERRONE',
  'HORS_FORFAIT',
  'OPTION_NON_SOUSCRITE',
  'REMISE_NON_APPLIQUEE',
  'DOUBLE_FACTURATION',
  'PAIEMENT',
  'AUTRE',
] as const;
export type InvoiceComplaintMotif = (typeof INVOICE_COMPLAINT_MOTIFS)[number];
export const INVOICE_COMPLAINT_MOTIF_LABELS: Record<InvoiceComplaintMotif, string> = {
  MONTANT_ERRONE: 'Montant facturé erroné',
  HORS_FORFAIT: 'Communications hors forfait contestées',
  OPTION_NON_SOUSCRITE: 'Option ou service non souscrit',
  REMISE_NON_APPLIQUEE: 'Remise ou promotion non appliquée',
  DOUBLE_FACTURATION: 'Facturation en double',
  PAIEMENT: 'Paiement ou prélèvement contesté',
  AUTRE: 'Autre motif',
};

export const INVOICE_COMPLAINT_STATUSES = ['EN_COURS', 'TRAITEE'] as const;
export const INVOICE_COMPLAINT_STATUS_LABELS: Record<(typeof INVOICE_COMPLAINT_STATUSES)[number], string> = {
  EN_COURS: 'Réclamation en cours',
  TRAITEE: 'Réclamation traitée',
};

export const invoiceComplaintSummarySchema = lazySchema(() =>
  z.object({
    reference: z.string(),
    motif: z.enum(INVOICE_COMPLAINT_MOTIFS),
    statut: z.enum(INVOICE_COMPLAINT_STATUSES),
    dateCreation: z.string(),
  }),
);

/** `GET /api/detail-facture/{idClientBscs}/{referenceNumber}`. */
export const invoiceDetailSchema = lazySchema(() =>
  z.object({
    facture: invoiceSchema,
    /** How the account pays: the invoice's payment terms. */
    modePaiement: z.enum(INVOICE_PAYMENT_MODES),
    /** VAT rate in percent. */
    tauxTVA: z.number(),
    /** Per line, by number. */
    lignes: z.array(invoiceLineSchema),
    /** The account's own charges (not tied to a line), with their share of the VAT. */
    compte: z.object({ elements: z.array(invoiceItemSchema), ...groupTotals }),
    /** Totals excluding VAT by nature of charge, over the whole invoice. */
    totauxParNature: z.array(z.object({ nature: invoiceItemNatureSchema, montantHT: z.number() })),
    paiements: z.array(invoicePaymentSchema),
    reclamations: z.array(invoiceComplaintSummarySchema),
    /** The previous invoice of the account, if any: what "Pourquoi ma facture a changé ?" compares with. */
    referencePrecedente: z.string().nullable(),
    /** Some charge recorded a cost centre when issued: the invoice reads by centre (`…/centres-de-cout`). */
    centresDeCout: z.boolean(),
  }),
);
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const INVOICE_CHANGE_TYPES = [
  'FORFAIT',
  'OPTION_AJOUTEE',
  'OPTION_RETIREE',
  'HORS_FORFAIT',
  'PONCTUEL',
  'REMISE',
  'NOUVELLE_LIGNE',
  'LIGNE_RETIREE',
  'AUTRE',
] as const;
export type InvoiceChangeType = (typeof INVOICE_CHANGE_TYPES)[number];

/** One reason a line's amount moved, said in a sentence, with what it weighs (excluding VAT). */
export const invoiceChangeSchema = lazySchema(() =>
  z.object({
    type: z.enum(INVOICE_CHANGE_TYPES),
    libelle: z.string(),
    ecartHT: z.number(),
  }),
);
export type InvoiceChange = z.infer<typeof invoiceChangeSchema>;

/**
 * `GET /api/detail-facture/{idClientBscs}/{referenceNumber}/evolution`: "Pourquoi ma facture a
 * changé ?" – each line (or the account's own charges: `idContrat` null) whose amount differs from
 * the previous invoice, and why; the largest differences first.
 */
export const invoiceEvolutionSchema = lazySchema(() =>
  z.object({
    referenceNumber: z.string(),
    montantHT: z.number(),
    montantTTC: z.number(),
    precedente: z
      .object({ referenceNumber: z.string(), dateFacture: z.string(), montantHT: z.number(), montantTTC: z.number() })
      .nullable(),
    ecartHT: z.number(),
    ecartTTC: z.number(),
    lignes: z.array(
      z.object({
        idContrat: z.number().int().nullable(),
        numeroLigne: z.string().nullable(),
        utilisateur: z.string().nullable(),
        avantHT: z.number(),
        apresHT: z.number(),
        ecartHT: z.number(),
        changements: z.array(invoiceChangeSchema),
      }),
    ),
    /** The same difference by cost centre (the centre each charge had when its invoice was issued): the centres whose amount moved. */
    centres: z.array(invoiceCentreChangeSchema),
  }),
);
export type InvoiceEvolution = z.infer<typeof invoiceEvolutionSchema>;

// ---------------------------------------------------------------------------------------------
// Complaint memo

/** Lines one complaint may name. */
export const INVOICE_COMPLAINT_LINES_MAX = 50;

/** `POST /api/facture/{idClientBscs}/{referenceNumber}/reclamation`. */
export const invoiceComplaintSchema = lazySchema(() =>
  z.object({
    motif: z.enum(INVOICE_COMPLAINT_MOTIFS, 'Veuillez choisir le motif de votre réclamation.'),
    /** As a message to the customer service is (length, line breaks, no control character). */
    message: contactMessageSchema.shape.message,
    lignes: z
      .array(z.number('Les lignes doivent être désignées par leur identifiant de contrat.').int().positive().max(MAX_ID))
      .max(INVOICE_COMPLAINT_LINES_MAX, `Une réclamation peut désigner au plus ${INVOICE_COMPLAINT_LINES_MAX} lignes.`)
      .optional()
      .describe('Les lignes concernées (idContrat), toutes de cette facture'),
  }),
);
export type InvoiceComplaint = z.output<typeof invoiceComplaintSchema>;
export type InvoiceComplaintInput = z.input<typeof invoiceComplaintSchema>;

export const invoiceComplaintResponseSchema = lazySchema(() =>
  z.object({
    reference: z.string(),
    dateCreation: z.string(),
    /** Where the acknowledgement was sent. */
    email: z.string(),
  }),
);
export type InvoiceComplaintResponse = z.infer<typeof invoiceComplaintResponseSchema>;

/** `REC-YYYY-NNNNNN`: the year of the complaint (Europe/Paris) and its number in that year. */
export const COMPLAINT_REFERENCE_PATTERN = /^REC-\d{4}-\d{6,}$/;
export const complaintReference = (year: number, number: number) => `REC-${year}-${String(number).padStart(6, '0')}`;
