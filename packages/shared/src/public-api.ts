import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/*
 * The public API /api/v1 (decision 061), shaped after the TM Forum Open APIs: TMF637 product
 * inventory (lines), TMF678 customer bill, TMF635 usage, TMF622 product ordering. Resources carry
 * `id`, `href` and `@type`; lists page with `offset`/`limit` and answer X-Total-Count and
 * X-Result-Count; `fields=` keeps the named first-level attributes. Money is `{ unit, value }`
 * in euros, dates ISO 8601.
 */

export const PUBLIC_API_PREFIX = '/api/v1';
export const PUBLIC_API_DEFAULT_LIMIT = 100;
export const PUBLIC_API_MAX_LIMIT = 1000;

/** offset, limit and fields of every list; each resource adds its filters. */
export const tmfListQuerySchema = lazySchema(() =>
  z.object({
    offset: z.coerce.number('offset est un entier positif ou nul.').int('offset est un entier positif ou nul.').min(0, 'offset est un entier positif ou nul.').max(10_000_000).default(0),
    limit: z.coerce
      .number(`limit est un entier de 1 à ${PUBLIC_API_MAX_LIMIT}.`)
      .int(`limit est un entier de 1 à ${PUBLIC_API_MAX_LIMIT}.`)
      .min(1, `limit est un entier de 1 à ${PUBLIC_API_MAX_LIMIT}.`)
      .max(PUBLIC_API_MAX_LIMIT, `limit est un entier de 1 à ${PUBLIC_API_MAX_LIMIT}.`)
      .default(PUBLIC_API_DEFAULT_LIMIT),
    fields: z.string().max(1000).optional().describe('Les attributs à garder, séparés par des virgules (id, href et @type restent)'),
  }),
);
export const tmfItemQuerySchema = lazySchema(() => z.object({ fields: z.string().max(1000).optional() }));
export const tmfIdParamSchema = lazySchema(() => z.object({ id: z.string().min(1).max(64) }));

export const tmfErrorSchema = lazySchema(() =>
  z.object({
    code: z.string().describe('Le code d’erreur du portail'),
    reason: z.string().describe('Ce qui ne va pas, en français'),
    message: z.string().optional().describe('Le détail, quand il y en a un'),
    status: z.string().describe('Le statut HTTP'),
  }),
);
export type TmfError = z.infer<typeof tmfErrorSchema>;

export const moneySchema = lazySchema(() => z.object({ unit: z.literal('EUR'), value: z.number() }));
export type Money = z.infer<typeof moneySchema>;
/** A calendar day of a filter; year 0 is no day the database knows. */
const tmfDay = (name: string) =>
  z.iso
    .date(`${name} est une date AAAA-MM-JJ.`)
    .refine((day) => !day.startsWith('0000'), `${name} est une date AAAA-MM-JJ.`);
const ref = () => z.object({ id: z.string(), href: z.string().optional(), name: z.string().optional(), '@referredType': z.string().optional() });
const characteristic = () => z.object({ name: z.string(), valueType: z.string(), value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable() });
const period = () => z.object({ startDateTime: z.string(), endDateTime: z.string() });

// TMF637 Product: a line of the fleet.
export const PRODUCT_STATUSES = ['pendingActive', 'active', 'suspended', 'terminated'] as const;
export const productQuerySchema = lazySchema(() =>
  tmfListQuerySchema.extend({
    status: z.enum(PRODUCT_STATUSES, `status vaut ${PRODUCT_STATUSES.join(', ')}.`).optional(),
    'productOffering.id': z.string().regex(/^\d{1,9}$/, 'productOffering.id est l’identifiant numérique d’une offre.').optional(),
    costCentre: z.string().min(1).max(64).optional().describe('Le code du centre de coût'),
  }),
);
export const productSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    href: z.string(),
    '@type': z.literal('Product'),
    name: z.string().optional().describe('Le numéro de la ligne'),
    status: z.enum(PRODUCT_STATUSES).optional(),
    isBundle: z.boolean().optional(),
    startDate: z.string().optional(),
    productOffering: ref().optional(),
    productCharacteristic: z.array(characteristic()).optional(),
    realizingResource: z.array(ref()).optional(),
  }),
);
export type TmfProduct = z.infer<typeof productSchema>;

// TMF678 CustomerBill and AppliedCustomerBillingRate.
export const BILL_STATES = ['settled', 'partiallyPaid', 'sent'] as const;
export const customerBillQuerySchema = lazySchema(() =>
  tmfListQuerySchema.extend({
    state: z.enum(BILL_STATES, `state vaut ${BILL_STATES.join(', ')}.`).optional(),
    'billDate.gte': tmfDay('billDate.gte').optional(),
    'billDate.lt': tmfDay('billDate.lt').optional(),
  }),
);
export const customerBillSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    href: z.string(),
    '@type': z.literal('CustomerBill'),
    billNo: z.string().optional(),
    billDate: z.string().optional(),
    paymentDueDate: z.string().optional(),
    billingPeriod: period().optional(),
    state: z.enum(BILL_STATES).optional(),
    category: z.enum(['normal', 'creditNote']).optional(),
    amountDue: moneySchema.optional(),
    remainingAmount: moneySchema.optional(),
    taxExcludedAmount: moneySchema.optional(),
    taxIncludedAmount: moneySchema.optional(),
    taxItem: z.array(z.object({ taxCategory: z.string(), taxRate: z.number(), taxAmount: moneySchema })).optional(),
    billDocument: z.array(z.object({ id: z.string(), name: z.string(), mimeType: z.string(), url: z.string() })).optional(),
  }),
);
export type TmfCustomerBill = z.infer<typeof customerBillSchema>;
export const billingRateQuerySchema = lazySchema(() =>
  tmfListQuerySchema.extend({ 'bill.id': z.string('bill.id est obligatoire : le numéro de la facture.').min(1).max(64) }),
);
export const appliedCustomerBillingRateSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    href: z.string(),
    '@type': z.literal('AppliedCustomerBillingRate'),
    name: z.string().optional(),
    type: z.enum(['recurring', 'usage', 'oneTime', 'discount']).optional(),
    date: z.string().optional(),
    isBilled: z.boolean().optional(),
    quantity: z.number().optional(),
    taxExcludedAmount: moneySchema.optional(),
    taxRate: z.number().optional(),
    bill: ref().optional(),
    product: ref().optional(),
    characteristic: z.array(characteristic()).optional(),
  }),
);
export type TmfAppliedCustomerBillingRate = z.infer<typeof appliedCustomerBillingRateSchema>;

// TMF635 Usage: one line's use of one kind on one day.
export const TMF_USAGE_TYPES = ['data', 'voice', 'sms', 'roamingData', 'roamingVoice'] as const;
export const usageQuerySchema = lazySchema(() =>
  tmfListQuerySchema.extend({
    'usageDate.gte': tmfDay('usageDate.gte').optional(),
    'usageDate.lt': tmfDay('usageDate.lt').optional(),
    'relatedParty.id': z.string().regex(/^\d{1,9}$/, 'relatedParty.id est l’identifiant d’une ligne (id d’un product).').optional(),
    usageType: z.enum(TMF_USAGE_TYPES, `usageType vaut ${TMF_USAGE_TYPES.join(', ')}.`).optional(),
  }),
);
export const usageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    href: z.string(),
    '@type': z.literal('Usage'),
    usageDate: z.string().optional(),
    usageType: z.enum(TMF_USAGE_TYPES).optional(),
    status: z.literal('rated').optional(),
    usageCharacteristic: z.array(characteristic()).optional(),
    relatedParty: z.array(ref().extend({ role: z.string() })).optional(),
    ratedProductUsage: z.array(z.object({ isBilled: z.boolean(), taxExcludedRatingAmount: moneySchema })).optional(),
  }),
);
export type TmfUsage = z.infer<typeof usageSchema>;

// TMF622 ProductOrder.
export const PRODUCT_ORDER_STATES = ['acknowledged', 'pending', 'held', 'inProgress', 'completed', 'rejected', 'cancelled', 'failed'] as const;
const orderPrice = () => z.object({ priceType: z.enum(['oneTime', 'recurring']), price: z.object({ taxExcludedAmount: moneySchema }) });
export const productOrderQuerySchema = lazySchema(() =>
  tmfListQuerySchema.extend({
    state: z.enum(PRODUCT_ORDER_STATES, `state vaut ${PRODUCT_ORDER_STATES.join(', ')}.`).optional(),
    'orderDate.gte': tmfDay('orderDate.gte').optional(),
    'orderDate.lt': tmfDay('orderDate.lt').optional(),
  }),
);
export const productOrderSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    href: z.string(),
    '@type': z.literal('ProductOrder'),
    externalId: z.string().optional().describe('Le numéro de commande CMD-AAAA-NNNNNN'),
    category: z.string().optional(),
    description: z.string().optional(),
    orderDate: z.string().optional(),
    completionDate: z.string().nullable().optional(),
    state: z.enum(PRODUCT_ORDER_STATES).optional(),
    orderTotalPrice: z.array(orderPrice()).optional(),
    productOrderItem: z
      .array(
        z.object({
          id: z.string(),
          action: z.enum(['add', 'modify', 'delete', 'noChange']),
          quantity: z.number().int(),
          state: z.enum(PRODUCT_ORDER_STATES),
          productOffering: ref().optional(),
          // TMF622's ProductRefOrValue: the line it changes (id), or what a new line will be (no id yet).
          product: ref()
            .extend({ id: z.string().optional(), description: z.string().optional() })
            .optional(),
          itemTotalPrice: z.array(orderPrice()).optional().describe('Le prix de l’article, quantité comprise'),
        }),
      )
      .optional(),
    note: z.array(z.object({ date: z.string(), text: z.string() })).optional().describe('L’historique de la commande'),
  }),
);
export type TmfProductOrder = z.infer<typeof productOrderSchema>;
