import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { INVOICE_REFERENCE_PATTERN, type InvoiceStatus } from './invoices.ts';
import { ORDER_NUMBER_PATTERN } from './orders.ts';

/**
 * Card payment of unpaid invoices (decision 027): what is due, the link to the payment
 * provider's hosted page, and where a transaction stands. Amounts are euros (integer cents on the
 * server, `euros(cents)` when answering), as the invoices'.
 */

const idClientBscs = lazySchema(() => z.coerce.number().int().positive().max(2_147_483_647));

/** An invoice number as the portal gives them out. */
const invoiceReference = lazySchema(() =>
  z.string().regex(INVOICE_REFERENCE_PATTERN, 'La référence de facture est invalide.'),
);

/** At most this many invoices in one payment (two years of monthly invoices). */
export const PAYMENT_MAX_INVOICES = 36;

/** A transaction of the portal: `PAI-` and 16 random letters and digits (unguessable, shown to the payer). */
export const TRANSACTION_REFERENCE_PATTERN = /^PAI-[A-Z0-9]{16}$/;
export const transactionReferenceSchema = lazySchema(() => z.string().regex(TRANSACTION_REFERENCE_PATTERN));

/** The status of an unpaid invoice (its balance above zero), as the invoice list says it. */
export const DUE_INVOICE_STATUSES = ['A_PAYER', 'EN_RETARD', 'PRELEVEMENT_A_VENIR'] as const satisfies readonly InvoiceStatus[];
export type DueInvoiceStatus = (typeof DUE_INVOICE_STATUSES)[number];

/** `GET /api/factures_a_payer/{idClientBscs}`. */
export const invoicesDueParamsSchema = lazySchema(() => z.object({ idClientBscs }));

/**
 * One invoice still to pay. `payableParCarte` is false for an invoice the account's direct debit
 * will settle at its due date; `paiementEnCours` is true while a card payment of it waits for
 * the bank's answer.
 */
export const dueInvoiceSchema = lazySchema(() =>
  z.object({
    referenceNumber: z.string(),
    dateFacture: z.string(),
    dateEcheance: z.string(),
    montantTTC: z.number(),
    resteAPayer: z.number(),
    statut: z.enum(DUE_INVOICE_STATUSES),
    payableParCarte: z.boolean(),
    paiementEnCours: z.boolean(),
  }),
);
export type DueInvoice = z.infer<typeof dueInvoiceSchema>;

/** The invoices of an account still to pay, oldest due date first, and the sum of their balances (euros). */
export const invoicesDueSchema = lazySchema(() =>
  z.object({
    factures: z.array(dueInvoiceSchema),
    total: z.number(),
  }),
);
export type InvoicesDue = z.infer<typeof invoicesDueSchema>;

/** `POST /api/paiement/lien`: the invoices to pay; the amount is the server's to compute. */
export const paymentLinkRequestSchema = lazySchema(() =>
  z.object({
    idClientBscs,
    referenceNumbers: z
      .array(invoiceReference)
      .min(1)
      .max(PAYMENT_MAX_INVOICES)
      .refine((numbers) => new Set(numbers).size === numbers.length, { message: 'Une facture figure deux fois dans la sélection.' }),
  }),
);
export type PaymentLinkRequest = z.infer<typeof paymentLinkRequestSchema>;

/**
 * `POST /api/paiement/lien-commande`: the order to pay by card (decision 038); what is due (the
 * deposit, or the one-off total incl. VAT) is the server's to compute from the stored order.
 */
export const orderPaymentLinkRequestSchema = lazySchema(() =>
  z.object({
    numero: z.string().trim().regex(ORDER_NUMBER_PATTERN, 'Le numéro de commande a la forme CMD-AAAA-NNNNNN.'),
  }),
);
export type OrderPaymentLinkRequest = z.infer<typeof orderPaymentLinkRequestSchema>;

/** Where to send the browser: the provider's hosted payment page for this transaction. */
export const paymentLinkSchema = lazySchema(() =>
  z.object({
    transactionReference: z.string(),
    url: z.string().url(),
  }),
);
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const PAYMENT_TRANSACTION_STATUSES = ['EN_ATTENTE', 'ACCEPTEE', 'REFUSEE', 'ANNULEE'] as const;
export type PaymentTransactionStatus = (typeof PAYMENT_TRANSACTION_STATUSES)[number];

/** `GET /api/paiement/transaction/{transactionReference}`. */
export const paymentTransactionParamsSchema = lazySchema(() =>
  z.object({ transactionReference: transactionReferenceSchema }),
);

/**
 * Where a card payment stands: its amount (euros), and what it pays: invoices, or an order
 * (`numeroCommande`, only for an order's payment; `referenceNumbers` is then empty).
 */
export const paymentTransactionSchema = lazySchema(() =>
  z.object({
    statut: z.enum(PAYMENT_TRANSACTION_STATUSES),
    montant: z.number(),
    referenceNumbers: z.array(z.string()),
    numeroCommande: z.string().optional(),
  }),
);
export type PaymentTransaction = z.infer<typeof paymentTransactionSchema>;

/**
 * What the portal did with a provider's notification it accepted to read (signed, fresh): applied
 * it, or found nothing to do (replayed event, transaction unknown or already settled).
 */
export const PAYMENT_NOTIFICATION_OUTCOMES = ['APPLIQUEE', 'REJOUEE', 'TRANSACTION_INCONNUE', 'DEJA_REGLEE'] as const;
export const paymentNotificationAnswerSchema = lazySchema(() =>
  z.object({ resultat: z.enum(PAYMENT_NOTIFICATION_OUTCOMES) }),
);
export type PaymentNotificationAnswer = z.infer<typeof paymentNotificationAnswerSchema>;

/** How a customer paid at a point of sale (BDP), as the counter agent records it. */
export const COUNTER_PAYMENT_MEANS = ['ESPECES', 'CHEQUE', 'CARTE_COMPTOIR'] as const;
export type CounterPaymentMeans = (typeof COUNTER_PAYMENT_MEANS)[number];
export const COUNTER_PAYMENT_MEANS_LABELS: Record<CounterPaymentMeans, string> = {
  ESPECES: 'en espèces',
  CHEQUE: 'par chèque',
  CARTE_COMPTOIR: 'par carte au terminal du point de vente',
};

/**
 * `POST /api/paiement-bdp/payer`: invoices paid in full at a point of sale, recorded by the
 * counter agent connected to the customer; the amount is the server's to compute, as for a card.
 */
export const counterPaymentRequestSchema = lazySchema(() =>
  paymentLinkRequestSchema.extend({
    moyen: z.enum(COUNTER_PAYMENT_MEANS),
    /** The counter's receipt or the cheque's number. */
    referenceRecu: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9 ._/-]+$/, { message: 'Le numéro de reçu ne peut contenir que des lettres, des chiffres, des espaces et . _ / -' }),
  }),
);
export type CounterPaymentRequest = z.infer<typeof counterPaymentRequestSchema>;

export const counterPaymentSchema = lazySchema(() =>
  z.object({
    /** Euros. */
    montant: z.number(),
    referenceNumbers: z.array(z.string()),
    datePaiement: z.string(),
  }),
);
export type CounterPayment = z.infer<typeof counterPaymentSchema>;
