import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { countOf } from './french-plural.ts';
import { vatCentimes, VAT_RATE_BP } from './invoices.ts';
import { addDays } from './paris-time.ts';
import { MAX_ID } from './constants.ts';

/**
 * Termination of a line (spec §1 "terminate a contract", §3 "Termination", §7 "Termination";
 * decision 031): reasons and sub-reasons, the commitment and the early-termination fees, the
 * proofs, the request, its follow-up and its cancellation. Amounts are integer cents.
 */

const idParam = (message: string) => z.coerce.number<string>(message).int(message).positive(message).max(MAX_ID, message);
const idNumber = (message: string) => z.number(message).int(message).positive(message).max(MAX_ID, message);

const contractMessage = 'Le contrat doit être désigné par son identifiant numérique.';
const reasonMessage = 'Veuillez choisir un motif de résiliation.';
const subReasonMessage = 'Veuillez choisir une précision du motif.';

// ---------------------------------------------------------------------------------------------
// Rules

/** The effective date is at the earliest the day after the request, at the latest this many months ahead. */
export const TERMINATION_MAX_MONTHS_AHEAD = 3;
/** Fees: the monthly fees due until this month of the commitment in full, then a quarter of those after it. */
export const TERMINATION_FULL_MONTHS = 12;
/**
 * The rule of the early-termination fees, as the fees page, the recap PDF, the terms of sale and
 * subscription and the FAQ state it (decision 031).
 */
export const TERMINATION_FEES_RULE =
  'En cas de résiliation avant la fin de la période d’engagement, les mensualités restant dues jusqu’au 12e mois de l’engagement sont facturées en totalité, et le quart des mensualités restant dues après le 12e mois (arrondi au centime), hors taxes. Aucuns frais ne sont dus pour une résiliation motivée par la liquidation judiciaire de l’entreprise, son déménagement à l’étranger ou le décès du titulaire de la ligne, sur justificatif.';
/** Proofs a request may carry. */
export const TERMINATION_MAX_ATTACHMENTS = 3;
/** Multipart field naming the line a proof is for (sent before the file). */
export const TERMINATION_CONTRACT_FIELD = 'idContrat';
/** Multipart field naming the proof to delete. */
export const TERMINATION_KEY_FIELD = 'cle';
/** The header the browser sends once per submission attempt. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** `day` plus `months` calendar months, on the last day of the month when that day does not exist ('2026-11-30' + 3 = '2027-02-28'). */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${pad(targetMonth)}-${pad(Math.min(date, lastDay))}`;
}

/** The window of effective dates a request made on `today` (in France) may choose. */
export function effectiveDateBounds(today: string): { min: string; max: string } {
  return { min: addDays(today, 1), max: addMonths(today, TERMINATION_MAX_MONTHS_AHEAD) };
}

/**
 * Monthly fees still due when the line ends on `dateEffet` instead of `dateFinEngagement`: the
 * months from one to the other, a month begun counting whole (0 when the commitment is over or
 * there is none).
 */
export function monthsRemaining(dateEffet: string, dateFinEngagement: string | null): number {
  if (!dateFinEngagement || dateFinEngagement <= dateEffet) return 0;
  const [y1 = 0, m1 = 1] = dateEffet.split('-').map(Number);
  const [y2 = 0, m2 = 1] = dateFinEngagement.split('-').map(Number);
  let months = (y2 - y1) * 12 + (m2 - m1);
  // Round up: the smallest number of months that reaches the end of the commitment.
  while (addMonths(dateEffet, months) < dateFinEngagement) months += 1;
  while (months > 0 && addMonths(dateEffet, months - 1) >= dateFinEngagement) months -= 1;
  return months;
}

export const TERMINATION_FEE_KINDS = ['MENSUALITES_RESTANTES', 'QUART_MENSUALITES', 'EXONERATION'] as const;
export type TerminationFeeKind = (typeof TERMINATION_FEE_KINDS)[number];

export interface TerminationFeeItem {
  type: TerminationFeeKind;
  libelle: string;
  montantHtCentimes: number;
}

export interface TerminationFees {
  moisRestants: number;
  exonere: boolean;
  lignes: TerminationFeeItem[];
  totalHtCentimes: number;
  totalTvaCentimes: number;
  totalTtcCentimes: number;
  /** The arithmetic of the fees due before any waiver (« 8 mensualités × 24,99 € + ¼ × 12 mensualités × 24,99 € = 274,89 € HT »); null when nothing is due. */
  calcul: string | null;
}

const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const monthly = (count: number, mensualiteHtCentimes: number) => `${countOf(count, 'mensualité')} × ${euro.format(mensualiteHtCentimes / 100)}`;

/** The longest commitment the catalogue sells, in months. */
export const TERMINATION_LONGEST_COMMITMENT = 24;

/**
 * The length of a line's commitment, which the fees count its 12th month in: its plan's, unless
 * the plan has none or more months are left than it gives (a commitment taken with a phone, or
 * renewed): then the longest sold, or the months left when more (what bills the least).
 */
export function commitmentMonths(engagementMoisOffre: number, moisRestants: number): number {
  return engagementMoisOffre > 0 && moisRestants <= engagementMoisOffre ? engagementMoisOffre : Math.max(TERMINATION_LONGEST_COMMITMENT, moisRestants);
}

/**
 * How the months left are billed: those until the 12th month of the commitment in full, those
 * after it by a quarter. A commitment of 12 months or less has nothing after its 12th month.
 */
export function terminationFeeMonths(moisRestants: number, dureeEngagementMois: number): { pleins: number; quarts: number } {
  const afterTwelfth = Math.max(dureeEngagementMois - TERMINATION_FULL_MONTHS, 0);
  const quarts = Math.min(Math.max(moisRestants, 0), afterTwelfth);
  return { pleins: Math.max(moisRestants, 0) - quarts, quarts };
}

/**
 * The early-termination fees of a business line (decision 031, TERMINATION_FEES_RULE): the monthly
 * fee excluding VAT for each month left until the 12th month of the commitment, then a quarter of
 * the monthly fees of the months left after it, rounded to the cent; nothing for a reason that
 * waives them (on proof), the waived amount shown as such. VAT at 20 % on the total. The page, the
 * recap PDF and the closing invoice all show what this returns.
 */
export function terminationFees(input: { moisRestants: number; dureeEngagementMois: number; mensualiteHtCentimes: number; exoneration: string | null }): TerminationFees {
  const { moisRestants, mensualiteHtCentimes } = input;
  const { pleins, quarts } = terminationFeeMonths(moisRestants, input.dureeEngagementMois);
  const lignes: TerminationFeeItem[] = [];
  const parts: string[] = [];
  if (pleins > 0) {
    lignes.push({
      type: 'MENSUALITES_RESTANTES',
      libelle: `Mensualités dues jusqu’au 12e mois de l’engagement\u00a0: ${monthly(pleins, mensualiteHtCentimes)} HT`,
      montantHtCentimes: pleins * mensualiteHtCentimes,
    });
    parts.push(monthly(pleins, mensualiteHtCentimes));
  }
  if (quarts > 0) {
    lignes.push({
      type: 'QUART_MENSUALITES',
      libelle: `Quart des mensualités dues après le 12e mois de l’engagement\u00a0: ¼ × ${monthly(quarts, mensualiteHtCentimes)} HT`,
      montantHtCentimes: Math.round((quarts * mensualiteHtCentimes) / 4),
    });
    parts.push(`¼ × ${monthly(quarts, mensualiteHtCentimes)}`);
  }
  const due = lignes.reduce((sum, line) => sum + line.montantHtCentimes, 0);
  const calcul = parts.length > 0 ? `${parts.join(' + ')} = ${euro.format(due / 100)} HT` : null;
  const exonere = input.exoneration !== null && due > 0;
  if (exonere) lignes.push({ type: 'EXONERATION', libelle: `Exonération\u00a0: ${input.exoneration}`, montantHtCentimes: -due });
  const totalHtCentimes = exonere ? 0 : due;
  const totalTvaCentimes = vatCentimes(totalHtCentimes);
  return { moisRestants, exonere, lignes, totalHtCentimes, totalTvaCentimes, totalTtcCentimes: totalHtCentimes + totalTvaCentimes, calcul };
}

/** VAT rate of the fees, in percent (20). */
export const TERMINATION_VAT_PERCENT = VAT_RATE_BP / 100;

// ---------------------------------------------------------------------------------------------
// Reasons

export const terminationReasonSchema = lazySchema(() =>
  z.object({
    idMotif: z.number().int(),
    idMotifParent: z.number().int().nullable(),
    libelle: z.string(),
    pro: z.boolean(),
    /** The early-termination fees are waived on proof. */
    exonerationFrais: z.boolean(),
    /** The proof to attach, when one is required. */
    justificatif: z.string().nullable(),
    /** The number leaves with a portability: the line ends on the porting date. */
    portabilite: z.boolean(),
    /** Whether the reason has sub-reasons to choose from. */
    aSousMotifs: z.boolean(),
    ordre: z.number().int(),
  }),
);
export type TerminationReason = z.infer<typeof terminationReasonSchema>;
export const terminationReasonListSchema = lazySchema(() => z.array(terminationReasonSchema));

/** `/api/resiliation/motifs-pro/{idContrat}`, `/engagement/{idContrat}`, `/en-cours/{idContrat}`. */
export const terminationContractParamSchema = lazySchema(() => z.object({ idContrat: idParam(contractMessage) }));
/** `/api/resiliation/sous-motifs/{idMotifParent}`. */
export const terminationParentParamSchema = lazySchema(() => z.object({ idMotifParent: idParam(reasonMessage) }));
/** `/api/resiliation/statut/{idResiliation}`, `/api/resiliation/{idResiliation}/annuler`. */
export const terminationIdParamSchema = lazySchema(() =>
  z.object({ idResiliation: idParam('La demande de résiliation doit être désignée par son identifiant numérique.') }),
);

// ---------------------------------------------------------------------------------------------
// Commitment and fees

/** Why the line cannot be terminated from the portal as it is, and what to do instead. */
export const TERMINATION_OBSTACLES = ['DERNIERE_LIGNE', 'COMMANDE_EN_COURS', 'DEJA_PROGRAMMEE', 'LIGNE_RESILIEE'] as const;
export type TerminationObstacle = (typeof TERMINATION_OBSTACLES)[number];

/** `GET /api/resiliation/engagement/{idContrat}`. */
export const terminationCommitmentSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    numeroLigne: z.string(),
    libelleOffre: z.string(),
    /** Monthly fee of the plan, excluding VAT. */
    mensualiteHtCentimes: z.number().int(),
    /** Length of the plan's commitment in months (0 without one). */
    dureeEngagementMois: z.number().int(),
    /** End of the commitment (YYYY-MM-DD); null without commitment. */
    dateFinEngagement: z.string().nullable(),
    /** Months of commitment left at the earliest effective date. */
    moisRestants: z.number().int(),
    /** The number leaves for another operator on this day: the line ends then. */
    datePortabiliteSortante: z.string().nullable(),
    /** The effective dates the request may choose (both the porting date for a line being ported out). */
    dateEffetMin: z.string(),
    dateEffetMax: z.string(),
    /** What keeps the line from being terminated here, in words (null when nothing does). */
    empechement: z.object({ code: z.enum(TERMINATION_OBSTACLES), message: z.string() }).nullable(),
    /** Whether the caller may submit (a manager of the account), or only read the procedure. */
    peutResilier: z.boolean(),
  }),
);
export type TerminationCommitment = z.infer<typeof terminationCommitmentSchema>;

const isoDay = lazySchema(() =>
  z.string('La date d’effet est obligatoire.').regex(/^\d{4}-\d{2}-\d{2}$/, 'La date d’effet doit être une date au format AAAA-MM-JJ.').refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  }, 'La date d’effet n’est pas une date valide.'),
);

/** `POST /api/resiliation/frais`. */
export const terminationFeesRequestSchema = lazySchema(() =>
  z.object({
    idContrat: idNumber(contractMessage),
    dateEffet: isoDay,
    idMotif: idNumber(reasonMessage),
  }),
);
export type TerminationFeesRequest = z.infer<typeof terminationFeesRequestSchema>;

export const terminationFeeItemSchema = lazySchema(() =>
  z.object({
    type: z.enum(TERMINATION_FEE_KINDS),
    libelle: z.string(),
    montantHtCentimes: z.number().int(),
  }),
);

export const terminationFeesSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    idMotif: z.number().int(),
    dateEffet: z.string(),
    dateFinEngagement: z.string().nullable(),
    moisRestants: z.number().int(),
    exonere: z.boolean(),
    lignes: z.array(terminationFeeItemSchema),
    /** The arithmetic of the fees (« 8 mensualités × 24,99 € + ¼ × 12 mensualités × 24,99 € = 274,89 € HT »), null when none is due. */
    calcul: z.string().nullable(),
    totalHtCentimes: z.number().int(),
    totalTvaCentimes: z.number().int(),
    totalTtcCentimes: z.number().int(),
    tauxTva: z.number(),
  }),
);
export type TerminationFeesAnswer = z.infer<typeof terminationFeesSchema>;

// ---------------------------------------------------------------------------------------------
// Proofs

/** The answer of an upload: the key the request names the proof by. */
export const terminationAttachmentSchema = lazySchema(() =>
  z.object({
    cle: z.string(),
    nom: z.string(),
    type: z.string(),
    taille: z.number().int(),
  }),
);
export type TerminationAttachment = z.infer<typeof terminationAttachmentSchema>;

/** A proof's storage key: 32 hexadecimal characters. */
export const terminationKeySchema = lazySchema(() =>
  z
    .string('La pièce jointe doit être désignée par sa clé.')
    .regex(/^[0-9a-f]{32}$/, 'La clé de la pièce jointe est invalide.'),
);

/** The multipart upload as the OpenAPI document describes it. */
export const terminationUploadDocumentSchema = lazySchema(() =>
  z.object({
    [TERMINATION_CONTRACT_FIELD]: z.string().describe('Le contrat de la ligne à résilier, avant le fichier.'),
    pieceJointe: z.string().meta({ format: 'binary' }).describe('Le justificatif : PDF, JPEG ou PNG (reconnu à ses premiers octets), 5 Mo au plus.'),
  }),
);
/** The fields of the upload, as text. */
export const terminationUploadFieldsSchema = lazySchema(() =>
  z.object({
    [TERMINATION_CONTRACT_FIELD]: z
      .string(contractMessage)
      .trim()
      .regex(/^\d{1,10}$/, contractMessage)
      .transform(Number)
      .pipe(idNumber(contractMessage)),
  }),
);
/** The multipart delete: one field. */
export const terminationDeleteSchema = lazySchema(() => z.object({ [TERMINATION_KEY_FIELD]: terminationKeySchema }));

export const terminationDeletedSchema = lazySchema(() => z.object({ cle: z.string(), supprime: z.literal(true) }));

// ---------------------------------------------------------------------------------------------
// Request, follow-up, cancellation

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const commentMessage = 'Le commentaire ne peut dépasser 500 caractères.';

/** `POST /api/contrat/resilier` (with an `Idempotency-Key` header). */
export const terminationRequestSchema = lazySchema(() =>
  z.object({
    idContrat: idNumber(contractMessage),
    idMotif: idNumber(reasonMessage),
    idSousMotif: idNumber(subReasonMessage).nullable().optional(),
    dateEffet: isoDay,
    commentaire: z
      .string()
      .trim()
      .refine((text) => [...text].length <= 500, commentMessage)
      // eslint-disable-next-line no-control-regex -- control characters other than line breaks are refused
      .refine((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text), 'Le commentaire contient un caractère de contrôle non autorisé.')
      // A lone half of a surrogate pair is no character: the database would refuse it.
      .refine((text) => !LONE_SURROGATE.test(text), 'Le commentaire contient un caractère invalide.')
      .nullable()
      .optional(),
    piecesJointes: z.array(terminationKeySchema).max(TERMINATION_MAX_ATTACHMENTS, `${TERMINATION_MAX_ATTACHMENTS} pièces jointes au plus.`).default([]),
  }),
);
export type TerminationRequest = z.input<typeof terminationRequestSchema>;

export const idempotencyHeadersSchema = lazySchema(() =>
  z.looseObject({
    'idempotency-key': z
      .string('L’en-tête Idempotency-Key est obligatoire.')
      .regex(IDEMPOTENCY_KEY_PATTERN, 'L’en-tête Idempotency-Key doit compter de 16 à 100 lettres, chiffres, tirets ou soulignés.'),
  }),
);

export const TERMINATION_STATUSES = ['PROGRAMMEE', 'ANNULEE', 'EFFECTUEE'] as const;
export type TerminationStatus = (typeof TERMINATION_STATUSES)[number];
export const TERMINATION_STATUS_LABELS: Record<TerminationStatus, string> = {
  PROGRAMMEE: 'Résiliation programmée',
  ANNULEE: 'Résiliation annulée',
  EFFECTUEE: 'Ligne résiliée',
};

/** A request as its follow-up shows it. */
export const terminationStatusSchema = lazySchema(() =>
  z.object({
    idResiliation: z.number().int(),
    idContrat: z.number().int(),
    numeroLigne: z.string(),
    statut: z.enum(TERMINATION_STATUSES),
    dateEffet: z.string(),
    motif: z.string(),
    sousMotif: z.string().nullable(),
    commentaire: z.string().nullable(),
    frais: terminationFeesSchema.omit({ idContrat: true, idMotif: true, dateEffet: true, dateFinEngagement: true }),
    piecesJointes: z.array(terminationAttachmentSchema),
    /** ISO date-time. */
    dateDemande: z.string(),
    dateAnnulation: z.string().nullable(),
    /** Whether the caller may still cancel it (a manager, before the effective date). */
    annulable: z.boolean(),
  }),
);
export type TerminationStatusAnswer = z.infer<typeof terminationStatusSchema>;

/** `GET /api/resiliation/en-cours/{idContrat}`: the scheduled request of the line, if any. */
export const terminationInProgressSchema = lazySchema(() =>
  z.object({ resiliation: terminationStatusSchema.nullable() }),
);

/** `POST /api/resiliation/envoyer-confirmation`. */
export const terminationConfirmationRequestSchema = lazySchema(() =>
  z.object({
    idResiliation: idNumber('La demande de résiliation doit être désignée par son identifiant numérique.'),
  }),
);
export const terminationConfirmationSentSchema = lazySchema(() => z.object({ email: z.string() }));

// ---------------------------------------------------------------------------------------------
// Draft kept by the server while the steps are answered

const draftId = (message: string) => idNumber(message).nullable();

/** `PUT /api/resiliation/brouillon/{idContrat}`: the answers so far (the proofs are the uploads themselves). */
export const terminationDraftSaveSchema = lazySchema(() =>
  z.object({
    idMotif: draftId(reasonMessage),
    idSousMotif: draftId(subReasonMessage),
    dateEffet: isoDay.nullable(),
    commentaire: z
      .string()
      .refine((text) => [...text].length <= 500, commentMessage)
      // eslint-disable-next-line no-control-regex -- control characters other than line breaks are refused
      .refine((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text), 'Le commentaire contient un caractère de contrôle non autorisé.')
      .refine((text) => !LONE_SURROGATE.test(text), 'Le commentaire contient un caractère invalide.'),
  }),
);
export type TerminationDraftSave = z.infer<typeof terminationDraftSaveSchema>;

/** `GET` and `PUT /api/resiliation/brouillon/{idContrat}`: the answers so far and the proofs sent for them. */
export const terminationDraftSchema = lazySchema(() =>
  z.object({
    idMotif: z.number().int().nullable(),
    idSousMotif: z.number().int().nullable(),
    dateEffet: z.string().nullable(),
    commentaire: z.string(),
    piecesJointes: z.array(terminationAttachmentSchema),
  }),
);
export type TerminationDraft = z.infer<typeof terminationDraftSchema>;
