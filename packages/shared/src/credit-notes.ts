import { z } from 'zod';
import { hasCents } from './euros-text.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Credit notes (avoirs, `AV-AAAA-NNNNNN`, decision 060): issued when the back office accepts an
 * invoice complaint with a refund, for at most what is left to credit on the invoice; set
 * against what the invoice still asks for, the rest refunded by the account's payment means.
 */

/** What the back office decides on a complaint. */
export const COMPLAINT_DECISIONS = ['REFUSEE', 'ACCEPTEE', 'ACCEPTEE_AVEC_AVOIR'] as const;
export type ComplaintDecision = (typeof COMPLAINT_DECISIONS)[number];

export const COMPLAINT_DECISION_LABELS: Record<ComplaintDecision, string> = {
  REFUSEE: 'Refusée',
  ACCEPTEE: 'Acceptée',
  ACCEPTEE_AVEC_AVOIR: 'Acceptée avec avoir',
};

export const CREDIT_NOTE_REFERENCE_PATTERN = /^AV-\d{4}-\d{6,}$/;
export const creditNoteReference = (year: number, number: number) => `AV-${year}-${String(number).padStart(6, '0')}`;
export const isCreditNoteReference = (reference: string) => CREDIT_NOTE_REFERENCE_PATTERN.test(reference);

/** The reason given with a decision: one line the customer reads in the mail and on the credit note. */
export const DECISION_MOTIF = { min: 3, max: 500 } as const;
/** The largest credit note one decision may issue, in euros excluding VAT: more than any invoice here. */
export const CREDIT_NOTE_MAX_EUROS = 1_000_000;

export const CREDIT_NOTE_TEXTS = {
  motifLength: `Indiquez le motif de la décision, de ${DECISION_MOTIF.min} à ${DECISION_MOTIF.max} caractères.`,
  motifControl: 'Le motif ne peut pas contenir de caractères de contrôle ni de retour à la ligne.',
  amountRequired: 'Indiquez le montant HT de l’avoir.',
  amountForbidden: 'Un montant ne s’indique que pour une décision avec avoir.',
  amountPositive: 'Le montant HT de l’avoir doit être supérieur à 0.',
  amountTooHigh: `Le montant HT de l’avoir ne peut dépasser ${CREDIT_NOTE_MAX_EUROS.toLocaleString('fr-FR')} €.`,
  amountCents: 'Le montant HT de l’avoir s’indique en euros, avec deux décimales au plus.',
} as const;

// eslint-disable-next-line no-control-regex -- what the motif refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** `POST /api/admin/reclamations/{reference}/decision`. */
export const adminComplaintDecisionBodySchema = lazySchema(() =>
  z
    .strictObject({
      decision: z.enum(COMPLAINT_DECISIONS, 'Veuillez choisir une décision.'),
      montantHT: z
        .number(CREDIT_NOTE_TEXTS.amountCents)
        .positive(CREDIT_NOTE_TEXTS.amountPositive)
        .max(CREDIT_NOTE_MAX_EUROS, CREDIT_NOTE_TEXTS.amountTooHigh)
        .refine(hasCents, CREDIT_NOTE_TEXTS.amountCents)
        .optional(),
      motif: z
        .string('Indiquez le motif de la décision.')
        .trim()
        .min(DECISION_MOTIF.min, CREDIT_NOTE_TEXTS.motifLength)
        .max(DECISION_MOTIF.max, CREDIT_NOTE_TEXTS.motifLength)
        .refine((motif) => !CONTROL.test(motif), CREDIT_NOTE_TEXTS.motifControl),
    })
    .superRefine((body, context) => {
      if (body.decision === 'ACCEPTEE_AVEC_AVOIR' && body.montantHT === undefined) {
        context.addIssue({ code: 'custom', path: ['montantHT'], message: CREDIT_NOTE_TEXTS.amountRequired });
      }
      if (body.decision !== 'ACCEPTEE_AVEC_AVOIR' && body.montantHT !== undefined) {
        context.addIssue({ code: 'custom', path: ['montantHT'], message: CREDIT_NOTE_TEXTS.amountForbidden });
      }
    }),
);
export type AdminComplaintDecisionBody = z.infer<typeof adminComplaintDecisionBodySchema>;

/** How the part of a credit note the invoice no longer asked for is paid back. */
export const CREDIT_NOTE_REFUND_MEANS = ['VIREMENT', 'PRELEVEMENT', 'CARTE'] as const;
export const CREDIT_NOTE_REFUND_LABELS: Record<(typeof CREDIT_NOTE_REFUND_MEANS)[number], string> = {
  VIREMENT: 'par virement',
  PRELEVEMENT: 'par virement sur le compte du mandat de prélèvement',
  CARTE: 'sur la carte bancaire du paiement',
};

/** A credit note as the customer's invoices list it; amounts in euros. */
export const creditNoteSchema = lazySchema(() =>
  z.object({
    reference: z.string(),
    dateAvoir: z.string().describe('YYYY-MM-DD'),
    factureReference: z.string().describe('La facture que l’avoir crédite'),
    reclamationReference: z.string(),
    motif: z.string(),
    montantHT: z.number(),
    montantTVA: z.number(),
    montantTTC: z.number(),
    /** What it took off the invoice's balance. */
    imputeSurFacture: z.number(),
    /** What is paid back, and how. */
    rembourse: z.number(),
    moyenRemboursement: z.enum(CREDIT_NOTE_REFUND_MEANS).nullable(),
  }),
);
export type CreditNote = z.infer<typeof creditNoteSchema>;

/** `GET /api/facture/{idClientBscs}/avoirs`: newest first. */
export const creditNoteListSchema = lazySchema(() => z.object({ avoirs: z.array(creditNoteSchema) }));
export type CreditNoteList = z.infer<typeof creditNoteListSchema>;
