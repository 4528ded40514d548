import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { CHARGE_MOMENTS, CHARGE_NATURES } from './order-money.ts';
import {
  ORDER_STATUS,
  ORDER_TYPE,
  PIECE_TYPES,
  SUBSCRIPTION_STATUS,
  SUBSCRIPTION_STATUS_NAMES,
  type PieceType,
  type SubscriptionStatus,
} from './shop.ts';
import { MAX_ID } from './constants.ts';

/**
 * Orders, subscriptions and supporting documents (spec §1 "Orders", §3 enumerations, §7
 * "Supporting documents and orders"; decision 036): the order list, lookup, detail with its
 * timeline, the subscription status and its transitions, the pieces of a subscription.
 */

// ---------------------------------------------------------------------------------------------
// Subscription status transitions (decision 036)

/**
 * Who asks for a status: the customer (a manager of the account), the customer service (an
 * agent acting for the customer, or the back office), or the portal itself (payment received,
 * pieces uploaded, an order submitted).
 */
export type SubscriptionActor = 'CLIENT' | 'SERVICE_CLIENT' | 'SYSTEME';

/**
 * The allowed transitions, `from → to → who`. `Ok` is final: a validated subscription has its
 * lines created and never changes again. Any other status may move to any other for the customer
 * service and the portal; the customer only sends an incomplete subscription for validation, once
 * its pieces are there. Asking for the status it already has changes nothing (retries).
 */
export const SUBSCRIPTION_TRANSITIONS: Record<SubscriptionStatus, Partial<Record<SubscriptionStatus, readonly SubscriptionActor[]>>> = {
  [SUBSCRIPTION_STATUS.Ok]: {},
  [SUBSCRIPTION_STATUS.Incomplet]: {
    [SUBSCRIPTION_STATUS.EnCoursValidation]: ['CLIENT', 'SERVICE_CLIENT', 'SYSTEME'],
    [SUBSCRIPTION_STATUS.EnAttentePaiement]: ['SERVICE_CLIENT', 'SYSTEME'],
    [SUBSCRIPTION_STATUS.Ok]: ['SERVICE_CLIENT', 'SYSTEME'],
  },
  [SUBSCRIPTION_STATUS.EnCoursValidation]: {
    [SUBSCRIPTION_STATUS.Ok]: ['SERVICE_CLIENT', 'SYSTEME'],
    [SUBSCRIPTION_STATUS.Incomplet]: ['SERVICE_CLIENT', 'SYSTEME'],
    [SUBSCRIPTION_STATUS.EnAttentePaiement]: ['SERVICE_CLIENT', 'SYSTEME'],
  },
  [SUBSCRIPTION_STATUS.EnAttentePaiement]: {
    [SUBSCRIPTION_STATUS.Ok]: ['SERVICE_CLIENT', 'SYSTEME'],
    [SUBSCRIPTION_STATUS.Incomplet]: ['SERVICE_CLIENT', 'SYSTEME'],
    [SUBSCRIPTION_STATUS.EnCoursValidation]: ['SERVICE_CLIENT', 'SYSTEME'],
  },
};

export type SubscriptionTransitionCheck = 'SAME' | 'ALLOWED' | 'ILLEGAL' | 'NOT_FOR_ACTOR';

/** Whether `actor` may move a subscription from `from` to `to`. */
export function subscriptionTransition(from: SubscriptionStatus, to: SubscriptionStatus, actor: SubscriptionActor): SubscriptionTransitionCheck {
  if (from === to) return 'SAME';
  const actors = SUBSCRIPTION_TRANSITIONS[from][to];
  if (!actors) return 'ILLEGAL';
  return actors.includes(actor) ? 'ALLOWED' : 'NOT_FOR_ACTOR';
}

export const SUBSCRIPTION_STATUS_VALUES = Object.values(SUBSCRIPTION_STATUS) as SubscriptionStatus[];
export const subscriptionStatusSchema = lazySchema(() =>
  z
    .number()
    .int()
    .refine((value): value is SubscriptionStatus => (SUBSCRIPTION_STATUS_VALUES as number[]).includes(value), 'Ce statut de souscription n’existe pas.'),
);

/** Name of a status (`Incomplet`), as the spec's enumeration spells it. */
export const subscriptionStatusName = (statut: SubscriptionStatus): string => SUBSCRIPTION_STATUS_NAMES[statut];

/**
 * The pieces a subscription waits for: those its orders list (`recapitulatif.piecesAttendues`),
 * or, when none lists any, a single piece of any type.
 */
export function missingPieces(attendues: readonly PieceType[], recues: readonly PieceType[]): PieceType[] | 'UNE_PIECE' | null {
  if (attendues.length === 0) return recues.length > 0 ? null : 'UNE_PIECE';
  const missing = [...new Set(attendues)].filter((type) => !recues.includes(type));
  return missing.length > 0 ? missing : null;
}

export const pieceTypeSchema = lazySchema(() => z.enum(PIECE_TYPES));

/** Statuses and types as numbers, for zod validation of the enumerations. */
export const ORDER_STATUS_VALUES = Object.values(ORDER_STATUS) as number[];
export const ORDER_TYPE_VALUES = Object.values(ORDER_TYPE) as number[];

/** `CMD-2026-000042`: an order's number, by year (Paris time) and rank in that year. */
export const orderNumber = (year: number, number: number) => `CMD-${year}-${String(number).padStart(6, '0')}`;
export const ORDER_NUMBER_PATTERN = /^CMD-\d{4}-\d{6,9}$/;

// ---------------------------------------------------------------------------------------------
// API shapes

const accountId = lazySchema(() => z.coerce.number().int().positive().max(MAX_ID));
const numeroSchema = lazySchema(() =>
  z.string().trim().regex(ORDER_NUMBER_PATTERN, 'Le numéro de commande a la forme CMD-AAAA-NNNNNN.'),
);

export const orderAccountParamSchema = lazySchema(() =>
  z.object({ idClientBscs: accountId.describe('Le compte de facturation, que l’appelant doit gérer') }),
);
export const orderParamSchema = lazySchema(() =>
  orderAccountParamSchema.extend({ numero: numeroSchema.describe('Le numéro de la commande (CMD-AAAA-NNNNNN)') }),
);

export const ORDER_SORT_FIELDS = ['date', 'numero', 'type', 'statut', 'totalTtc'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export const ORDER_PAGE_SIZE_MAX = 100;

const orderFilterFields = {
  statut: z.coerce
    .number()
    .int()
    .refine((value) => ORDER_STATUS_VALUES.includes(value), 'Statut de commande inconnu.')
    .optional()
    .describe('Statut de commande (numérotation de la section 3)'),
  type: z.coerce
    .number()
    .int()
    .refine((value) => ORDER_TYPE_VALUES.includes(value), 'Type de commande inconnu.')
    .optional()
    .describe('Type de commande : 1 ajout de lignes, 2 souscription, 3 changement de SIM, 4 nouveau téléphone, 5 échange'),
  numero: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9-]*$/, 'Le numéro de commande ne contient que des lettres, des chiffres et des tirets.')
    .optional()
    .describe('Un numéro de commande, entier ou en partie'),
  tri: z.enum(ORDER_SORT_FIELDS).default('date'),
  ordre: z.enum(['asc', 'desc']).default('desc'),
};

/** `GET /api/commandes/{idClientBscs}`: newest first unless told; a page past the last answers the last one. */
export const orderListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    taille: z.coerce.number().int().min(1).max(ORDER_PAGE_SIZE_MAX).default(20),
    ...orderFilterFields,
  }),
);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export type OrderFilters = Omit<OrderListQuery, 'page' | 'taille'>;

/** `GET /api/commandes/{idClientBscs}/export`: the list's filters and order, every page, as CSV. */
export const orderExportQuerySchema = lazySchema(() => z.object(orderFilterFields));
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

export const orderSearchQuerySchema = lazySchema(() =>
  z.object({ numero: numeroSchema.describe('Le numéro exact de la commande') }),
);

export const orderSummarySchema = lazySchema(() =>
  z.object({
    numero: z.string(),
    idClientBscs: z.number().int(),
    /** ISO instant the order was created. */
    date: z.string(),
    type: z.number().int(),
    typeLibelle: z.string(),
    statut: z.number().int(),
    statutLibelle: z.string(),
    etape: z.number().int(),
    etapeLibelle: z.string(),
    /** One-off total including VAT, euros (exact cents). */
    totalTtc: z.number(),
    /** Monthly total including VAT, euros. */
    totalMensuelTtc: z.number(),
  }),
);
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderPageSchema = lazySchema(() =>
  z.object({
    commandes: z.array(orderSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    taille: z.number().int(),
  }),
);
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderTotalSchema = lazySchema(() =>
  z.object({
    /** Orders of the account. */
    nombre: z.number().int(),
    /** Of which not yet confirmed (flow step before the confirmation). */
    enCours: z.number().int(),
    /** One-off totals including VAT of all its orders, euros. */
    totalTtc: z.number(),
  }),
);

export const orderEventSchema = lazySchema(() =>
  z.object({
    statut: z.number().int(),
    statutLibelle: z.string(),
    etape: z.number().int(),
    etapeLibelle: z.string(),
    libelle: z.string(),
    at: z.string(),
  }),
);

export const orderAddressSchema = lazySchema(() =>
  z.object({
    type: z.number().int(),
    typeLibelle: z.string(),
    destinataire: z.string(),
    numero: z.string(),
    voie: z.string(),
    complement: z.string(),
    codePostal: z.string(),
    ville: z.string(),
  }),
);

/** An amount an order line charges, with its label (the price model's item, decision 036), in euros. */
export const orderChargeSchema = lazySchema(() =>
  z.object({
    nature: z.enum(CHARGE_NATURES),
    /** Paid once at the order, or every month. */
    moment: z.enum(CHARGE_MOMENTS),
    libelle: z.string(),
    /** How many of the article (accessories). */
    quantite: z.number().int(),
    /** HT, for one line of the group, euros; negative for a promotion. */
    montantHt: z.number(),
    /** A monthly promotion: the months it lasts (null: as long as the line, or not a monthly promotion). */
    dureeMois: z.number().int().nullable(),
    /** The insurance's excess per claim, HT, euros; null otherwise. */
    franchiseHt: z.number().nullable(),
  }),
);
export type OrderCharge = z.infer<typeof orderChargeSchema>;

export const orderLineSchema = lazySchema(() =>
  z.object({
    libelle: z.string(),
    quantite: z.number().int(),
    /** One-off price including VAT per unit, euros. */
    prixUniqueTtc: z.number(),
    /** Monthly price including VAT per unit, euros. */
    prixMensuelTtc: z.number(),
    /** One-off and monthly prices HT per unit, euros: what its items add up to. */
    prixUniqueHt: z.number(),
    prixMensuelHt: z.number(),
    details: z.array(z.string()),
    /** Every amount it charges, with its label (empty for orders kept without them). */
    elements: z.array(orderChargeSchema),
  }),
);

const orderDiscountedSchema = lazySchema(() =>
  z.object({ avantPromotionsHt: z.number(), remisesHt: z.number(), ht: z.number(), tva: z.number(), ttc: z.number() }),
);
/** An order's totals, euros: at order and per month (the first month), before and after promotions, and per month once they end. */
export const orderTotalsSchema = lazySchema(() =>
  z.object({
    commande: orderDiscountedSchema,
    mensuel: orderDiscountedSchema,
    mensuelFinPromotions: z.object({ ht: z.number(), tva: z.number(), ttc: z.number() }),
  }),
);
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const pieceSchema = lazySchema(() =>
  z.object({
    idCtrlPiece: z.number().int(),
    type: pieceTypeSchema,
    typeLibelle: z.string(),
    idSouscription: z.number().int().nullable(),
    nomFichier: z.string(),
    typeMime: z.string(),
    taille: z.number().int(),
    date: z.string(),
  }),
);
export type Piece = z.infer<typeof pieceSchema>;

export const subscriptionSchema = lazySchema(() =>
  z.object({
    idSouscription: z.number().int(),
    idClientBscs: z.number().int(),
    statut: z.number().int(),
    statutNom: z.string(),
    statutLibelle: z.string(),
    /** Pieces the subscription waits for (empty: any one piece). */
    piecesAttendues: z.array(pieceTypeSchema),
    /** Those still missing; null when nothing is missing. */
    piecesManquantes: z.array(pieceTypeSchema).nullable(),
    /** Statuses the caller may move it to now. */
    transitionsPossibles: z.array(z.number().int()),
    misAJourLe: z.string(),
  }),
);
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionListSchema = lazySchema(() => z.array(subscriptionSchema));

export const orderDetailSchema = lazySchema(() =>
  orderSummarySchema.extend({
    modePaiement: z.number().int().nullable(),
    modePaiementLibelle: z.string().nullable(),
    referenceVirement: z.string().nullable(),
    acompteTtc: z.number(),
    totalHt: z.number(),
    tva: z.number(),
    totalMensuelHt: z.number(),
    lignes: z.array(orderLineSchema),
    totaux: orderTotalsSchema,
    adresses: z.array(orderAddressSchema),
    pointDeVente: z.string().nullable(),
    historique: z.array(orderEventSchema),
    souscription: subscriptionSchema.nullable(),
    pieces: z.array(pieceSchema),
  }),
);
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const subscriptionStatusUpdateSchema = lazySchema(() =>
  z.object({
    idSouscription: z.number().int().positive().max(MAX_ID),
    statutSouscription: subscriptionStatusSchema,
  }),
);

export const PIECE_MAX_BYTES = 10 * 1024 * 1024;
export const PIECE_FIELD = 'fichier';
export const PIECE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const pieceUploadParamSchema = lazySchema(() => orderAccountParamSchema.extend({ type: pieceTypeSchema }));
export const pieceParamSchema = lazySchema(() => orderAccountParamSchema.extend({ idCtrlPiece: accountId }));
export const pieceUploadFieldsSchema = lazySchema(() =>
  z.object({
    idSouscription: z.coerce.number().int().positive().max(MAX_ID).optional(),
  }),
);
export const pieceSearchQuerySchema = lazySchema(() =>
  z.object({
    idSouscription: z.coerce.number().int().positive().max(MAX_ID).optional(),
    type: pieceTypeSchema.optional(),
  }),
);
export const pieceDownloadSchema = lazySchema(() => z.object({ idCtrlPiece: z.number().int().positive().max(MAX_ID) }));
export const pieceUploadResponseSchema = lazySchema(() =>
  z.object({ piece: pieceSchema, souscription: subscriptionSchema.nullable() }),
);
