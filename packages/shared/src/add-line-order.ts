import { z } from 'zod';
import { idSchema as id } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';
import { ORDER_NUMBER_PATTERN } from './orders.ts';

/**
 * The add-line cart sent as an order (decision 038): the request, the risk score and its
 * decision, the answer, the change of payment mode, the validation and the two recap documents.
 */

/** `POST /api/commande/assurance`: the phone's insurance of a line, or none (`IdAssurance` null). */
export const insuranceRequestSchema = lazySchema(() =>
  z.object({
    IdLigne: id('La ligne du panier'),
    IdAssurance: id('L’assurance du catalogue ; null la retire').nullable(),
  }),
);
export type InsuranceRequest = z.input<typeof insuranceRequestSchema>;

/**
 * `POST /api/commande/enregistrer`: the cart sent as an order, paid by card or by transfer. The
 * delivery is the one the cart keeps (`/api/commande/adresse/enregistrer/LIVRAISON`).
 */
export const submitOrderRequestSchema = lazySchema(() =>
  z.object({
    IdSouscription: id('Le panier à commander'),
    ModePaiement: z.union([z.literal(3), z.literal(6)]).describe('3 carte bancaire, 6 virement bancaire'),
    IdCentre: id('Le centre de coût des nouvelles lignes (obligatoire si la politique de flotte l’exige)').nullable().optional(),
  }),
);
export type SubmitOrderRequest = z.input<typeof submitOrderRequestSchema>;

/** The operator's account the transfers are made to. */
export const OPERATOR_TRANSFER_ACCOUNT = { titulaire: 'Telora SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' } as const;

export const RISK_DECISIONS = ['ACCEPTE', 'VIREMENT_OBLIGATOIRE', 'ACOMPTE'] as const;
export type RiskDecision = (typeof RISK_DECISIONS)[number];

export const submittedOrderSchema = lazySchema(() =>
  z.object({
    numero: z.string(),
    idSouscription: z.number().int(),
    statut: z.number().int(),
    etape: z.number().int(),
    modePaiement: z.number().int(),
    risque: z.object({ score: z.number().int(), niveau: z.number().int(), decision: z.enum(RISK_DECISIONS) }),
    /** What to pay now, TTC: the one-off total, or the deposit a risky order asks for. */
    aPayerCentimes: z.number().int(),
    acompteCentimes: z.number().int(),
    /** Transfer instructions; null for a card payment. */
    virement: z.object({ titulaire: z.string(), iban: z.string(), bic: z.string(), reference: z.string(), montantCentimes: z.number().int() }).nullable(),
    /** The lines created in the fleet (EN_COURS), once the order is validated. */
    idContrats: z.array(z.number().int()),
  }),
);
export type SubmittedOrder = z.infer<typeof submittedOrderSchema>;

const orderNumber = lazySchema(() =>
  z.string().trim().regex(ORDER_NUMBER_PATTERN, 'Le numéro de commande a la forme CMD-AAAA-NNNNNN.'),
);

/**
 * `POST /api/commande/modifiermodepaiement`: an order sent for a card payment, still waiting
 * for it or refused, paid by transfer instead (decision 038). Only towards the transfer: once the
 * lines exist, the order is not paid by card any more.
 */
export const paymentModeChangeRequestSchema = lazySchema(() =>
  z.object({
    numero: orderNumber,
    ModePaiement: z.literal(6).describe('6 virement bancaire'),
  }),
);
export type PaymentModeChangeRequest = z.input<typeof paymentModeChangeRequestSchema>;

/** `POST /api/commande/validee { numero }`: where an order of new lines stands (read only). */
export const orderValidationRequestSchema = lazySchema(() => z.object({ numero: orderNumber }));
export const orderValidationSchema = lazySchema(() =>
  z.object({
    numero: z.string(),
    statut: z.number().int(),
    etape: z.number().int(),
    modePaiement: z.number().int(),
    /** Confirmed: paid by card (the provider's signed notification) or sent by transfer; its lines are in the fleet. */
    validee: z.boolean(),
    /** Its last card payment was refused or cancelled: to pay again by card, or by transfer. */
    paiementRefuse: z.boolean(),
    /** Still waits for a card payment with something due: `POST /api/paiement/lien-commande` may start one. */
    payableParCarte: z.boolean(),
    aPayerCentimes: z.number().int(),
  }),
);
export type OrderValidation = z.infer<typeof orderValidationSchema>;

/** Risk score thresholds and the deposit's share (decision 038). */
export const RISK_THRESHOLDS = { virement: 40, acompte: 70 } as const;
export const DEPOSIT_SHARE_BP = 3_000;

/**
 * The deterministic risk score of an order (decision 038): unpaid history (invoices left unpaid in
 * the last 24 months), seniority (the account's first line) and the order's one-off amount.
 */
export function riskScore(input: { facturesImpayees24Mois: number; ancienneteMois: number | null; montantTtcCentimes: number }): {
  score: number;
  niveau: number;
  decision: RiskDecision;
  motifs: string[];
} {
  const motifs: string[] = [];
  let score = 0;
  if (input.facturesImpayees24Mois > 0) {
    score += Math.min(60, 30 * input.facturesImpayees24Mois);
    motifs.push('IMPAYES');
  }
  if (input.ancienneteMois === null || input.ancienneteMois < 6) {
    score += 30;
    motifs.push('CLIENT_RECENT');
  } else if (input.ancienneteMois < 24) {
    score += 10;
    motifs.push('ANCIENNETE_COURTE');
  }
  if (input.montantTtcCentimes > 500_000) {
    score += 40;
    motifs.push('MONTANT_ELEVE');
  } else if (input.montantTtcCentimes > 150_000) {
    score += 20;
    motifs.push('MONTANT_IMPORTANT');
  }
  // Levels of spec §3: VALIDE 5 accepted as is; REGATE 2 (transfer) and RH 4 (deposit) ask more.
  if (score >= RISK_THRESHOLDS.acompte) return { score, niveau: 4, decision: 'ACOMPTE', motifs };
  if (score >= RISK_THRESHOLDS.virement) return { score, niveau: 2, decision: 'VIREMENT_OBLIGATOIRE', motifs };
  return { score, niveau: 5, decision: 'ACCEPTE', motifs };
}

/** The two documents opened before confirming (decision 038). */
export const RECAP_DOCUMENTS = ['information-precontractuelle', 'recapitulatif-contractuel'] as const;
export type RecapDocument = (typeof RECAP_DOCUMENTS)[number];
export const recapDocumentParamSchema = lazySchema(() =>
  z.object({
    idSouscription: id('Le panier'),
    document: z.enum(RECAP_DOCUMENTS),
  }),
);
