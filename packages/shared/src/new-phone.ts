import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { shopAddressSchema } from './add-line.ts';
import { cataloguePhoneSchema, phonePriceCentimes, priceAmountsSchema, type PhonePrices } from './catalogue.ts';
import { ORDER_STATUS, type OrderStatus } from './shop.ts';
import { addMonths } from './termination.ts';
import { MAX_ID } from './constants.ts';

/**
 * A new phone for a line (order type RM; spec §1 "new phone", §2 `/mon-telephone/nouveau-telephone/{idContrat}`,
 * §9 unpaid-check action RM; decision 039): whether the line may order one, the price it pays
 * (the renewal price once its commitment ends within three months, the phone alone before), the
 * order's payload and answer. Amounts are integer cents, excluding VAT unless named TTC.
 */

const idParam = (message: string) => z.coerce.number<string>(message).int(message).positive(message).max(MAX_ID, message);
const idNumber = (message: string) => z.number(message).int(message).positive(message).max(MAX_ID, message);

// ---------------------------------------------------------------------------------------------
// Rules (pure functions)

/** How many months before the commitment's end the renewal price is offered. */
export const RENEWAL_WINDOW_MONTHS = 3;

/** Which price a line pays for a new phone: the renewal price (with a plan) or the phone alone. */
export const NEW_PHONE_PRICINGS = ['RENOUVELLEMENT', 'MOBILE_SEUL'] as const;
export type NewPhonePricing = (typeof NEW_PHONE_PRICINGS)[number];

/** The first day the renewal price is offered: three months before the commitment's end (null: no commitment, at once). */
export function renewalDate(dateFinEngagement: string | null): string | null {
  return dateFinEngagement === null ? null : addMonths(dateFinEngagement, -RENEWAL_WINDOW_MONTHS);
}

/**
 * The renewal price once the commitment is over, absent, or ends within three months (`today`
 * and the end are days in France, `YYYY-MM-DD`); the phone alone before.
 */
export function newPhonePricing(dateFinEngagement: string | null, today: string): NewPhonePricing {
  const from = renewalDate(dateFinEngagement);
  return from === null || from <= today ? 'RENOUVELLEMENT' : 'MOBILE_SEUL';
}

/** The phone's price excluding VAT for that pricing: with a plan under a 24-month commitment, or alone. */
export function newPhonePriceCentimes(phone: PhonePrices, pricing: NewPhonePricing): number {
  return phonePriceCentimes(phone, pricing === 'RENOUVELLEMENT' ? 24 : null);
}

/** What stops a line from ordering a new phone, first one found. */
export const NEW_PHONE_BLOCKS = ['GESTIONNAIRE_SEUL', 'IMPAYES', 'LIGNE_INACTIVE', 'RESILIATION_PROGRAMMEE', 'COMMANDE_EN_COURS'] as const;
export type NewPhoneBlock = (typeof NEW_PHONE_BLOCKS)[number];

/**
 * Statuses of an RM order not paid yet, or held for a second manager's approval (decision 051):
 * while one exists, the line may not order another.
 */
export const NEW_PHONE_PENDING_STATUSES: readonly OrderStatus[] = [
  ORDER_STATUS.Validee,
  ORDER_STATUS.PaiementSurFactureAttenteValidation,
  ORDER_STATUS.CbOfficeServerRefusee,
  ORDER_STATUS.EnAttenteValidation,
];

/** Statuses of an RM order paid by card that still waits for its payment (a first try, or another after a refusal). */
export const NEW_PHONE_AWAITING_CARD: readonly OrderStatus[] = [ORDER_STATUS.Validee, ORDER_STATUS.CbOfficeServerRefusee];

/**
 * The line's own state, in the order the checks run once the caller manages it and the unpaid
 * check passed: not active, termination scheduled, an RM order not paid yet.
 */
export function lineBlock(line: { codeStatut: string; terminationScheduled: boolean; pendingOrder: boolean }): Exclude<NewPhoneBlock, 'GESTIONNAIRE_SEUL' | 'IMPAYES'> | null {
  if (line.codeStatut !== 'ACTIF') return 'LIGNE_INACTIVE';
  if (line.terminationScheduled) return 'RESILIATION_PROGRAMMEE';
  if (line.pendingOrder) return 'COMMANDE_EN_COURS';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Schemas

const contractMessage = 'Le contrat doit être désigné par son identifiant numérique.';

/** `/api/nouveau-telephone/{idContrat}/…`. */
export const newPhoneContractParamSchema = lazySchema(() => z.object({ idContrat: idParam(contractMessage) }));

/** `GET /api/nouveau-telephone/{idContrat}/eligibilite`. */
export const newPhoneEligibilitySchema = lazySchema(() =>
  z.object({
    ligne: z.object({
      idContrat: z.number().int(),
      idClientBscs: z.number().int(),
      numeroLigne: z.string(),
      codeStatut: z.string(),
      offre: z.object({ idOffreEngagement: z.number().int(), libelle: z.string() }),
      /** End of the commitment (`YYYY-MM-DD`); null without commitment. */
      dateFinEngagement: z.string().nullable(),
    }),
    eligible: z.boolean(),
    /** Why not; null when eligible. */
    motif: z.enum(NEW_PHONE_BLOCKS).nullable(),
    /** The French text of the refusal (the unpaid check's message for IMPAYES); empty when eligible. */
    message: z.string(),
    tarif: z.enum(NEW_PHONE_PRICINGS),
    /** From when the renewal price is offered (three months before the commitment's end); null without commitment. */
    dateRenouvellement: z.string().nullable(),
    /** The RM order of the line not paid yet, if any. */
    commandeEnCours: z.string().nullable(),
  }),
);
export type NewPhoneEligibility = z.infer<typeof newPhoneEligibilitySchema>;

/** `GET /api/nouveau-telephone/{idContrat}/mobiles`: the phones on sale with the price this line pays. */
export const newPhoneOfferSchema = lazySchema(() =>
  cataloguePhoneSchema
    .pick({ idArticle: true, marque: true, modele: true, description: true, couleurs: true, stockageGo: true, esim: true, cinqG: true, image: true, disponible: true, prixNu: true })
    .extend({
      /** What this line pays (HT, VAT, TTC); `prixNu` is the price alone, for comparison. */
      prix: priceAmountsSchema,
    }),
);
export type NewPhoneOffer = z.infer<typeof newPhoneOfferSchema>;
export const newPhoneOfferListSchema = lazySchema(() =>
  z.object({ tarif: z.enum(NEW_PHONE_PRICINGS), mobiles: z.array(newPhoneOfferSchema) }),
);
export type NewPhoneOfferList = z.infer<typeof newPhoneOfferListSchema>;

/** `POST /api/nouveau-telephone/{idContrat}/commande` (header `Idempotency-Key`). */
export const newPhoneOrderRequestSchema = lazySchema(() =>
  z.object({
    IdArticleMobile: idNumber('Choisissez un téléphone du catalogue.'),
    Couleur: z.string().trim().min(1, 'Choisissez une couleur.').max(40, 'La couleur compte au plus 40 caractères.'),
    ModePaiement: z.union([z.literal(3), z.literal(6)]).describe('3 carte bancaire, 6 virement bancaire'),
    Livraison: z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('ADRESSE_COMPTE') }),
      z.object({ mode: z.literal('AUTRE_ADRESSE'), adresse: shopAddressSchema }),
      z.object({ mode: z.literal('POINT_DE_VENTE'), idPointDeVente: idNumber('Choisissez la boutique où retirer le téléphone.') }),
    ]),
  }),
);
export type NewPhoneOrderRequest = z.input<typeof newPhoneOrderRequestSchema>;

/** The order made (or found again with the same key). */
export const newPhoneOrderSchema = lazySchema(() =>
  z.object({
    numero: z.string(),
    idContrat: z.number().int(),
    statut: z.number().int(),
    etape: z.number().int(),
    modePaiement: z.number().int(),
    tarif: z.enum(NEW_PHONE_PRICINGS),
    mobile: z.object({ idArticle: z.number().int(), libelle: z.string(), couleur: z.string() }),
    total: priceAmountsSchema,
    /** What to pay now, TTC. */
    aPayerCentimes: z.number().int(),
    /** Transfer instructions; null for a card payment. */
    virement: z.object({ titulaire: z.string(), iban: z.string(), bic: z.string(), reference: z.string(), montantCentimes: z.number().int() }).nullable(),
  }),
);
export type NewPhoneOrder = z.infer<typeof newPhoneOrderSchema>;
