/**
 * Invoices and payment: payment settings, SEPA mandates, invoices, payments, complaints, card
 * transactions and notifications.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { billingAccounts } from './accounts.ts';

/**
 * The customer as an invoice names it, taken when the invoice is issued: an issued invoice never
 * changes, whatever becomes of the account afterwards (decision 025).
 */
export interface InvoiceCustomerSnapshot {
  codeClientBscs: string;
  raisonSociale: string;
  sirenSiret: string;
  adresse: { numero: string; voie: string; codePostal: string; ville: string };
}

/**
 * How a billing account pays its invoices (spec: payment mode), with the bank details used for
 * direct debit or refunds. One row per account; an account without one pays by transfer.
 */
export const accountPaymentSettings = pgTable('account_payment_settings', {
  idClientBscs: integer('id_client_bscs')
    .primaryKey()
    .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
  modePaiement: text('mode_paiement', { enum: ['CARTE', 'VIREMENT', 'PRELEVEMENT'] }).notNull(),
  titulaire: text('titulaire'),
  /** Electronic format (no spaces, upper case); answered masked except its last 4 characters. */
  iban: text('iban'),
  bic: text('bic'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: integer('updated_by'),
});

/**
 * SEPA direct-debit mandates. Saving new bank details revokes the active mandate and issues a new
 * one with a new unique mandate reference (RUM, at most 35 characters); one active per account.
 */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: serial('id').primaryKey(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    rum: text('rum').notNull().unique(),
    type: text('type', { enum: ['B2B', 'CORE'] }).notNull(),
    statut: text('statut', { enum: ['ACTIF', 'REVOQUE'] }).notNull(),
    titulaire: text('titulaire').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic').notNull(),
    lieuSignature: text('lieu_signature').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sepa_mandates_active_uq').on(t.idClientBscs).where(sql`statut = 'ACTIF'`)],
);

/**
 * Invoices of a billing account. Amounts are integer cents; `resteAPayerCentimes` falls to zero
 * when paid. The status answered (PAYEE, A_PAYER, EN_RETARD, PRELEVEMENT_A_VENIR) is derived from
 * it, the due date, the clock and `prelevement` (the invoice is to be paid by direct debit).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    referenceNumber: text('reference_number').notNull().unique(),
    dateFacture: date('date_facture', { mode: 'string' }).notNull(),
    dateEcheance: date('date_echeance', { mode: 'string' }).notNull(),
    periodeDebut: date('periode_debut', { mode: 'string' }).notNull(),
    periodeFin: date('periode_fin', { mode: 'string' }).notNull(),
    montantHtCentimes: integer('montant_ht_centimes').notNull(),
    montantTvaCentimes: integer('montant_tva_centimes').notNull(),
    montantTtcCentimes: integer('montant_ttc_centimes').notNull(),
    resteAPayerCentimes: integer('reste_a_payer_centimes').notNull(),
    prelevement: boolean('prelevement').notNull().default(false),
    /** The customer at issue (name, SIREN/SIRET, billing address), as the invoice shows it for ever. */
    client: jsonb('client').$type<InvoiceCustomerSnapshot>().notNull(),
    /** How the invoice was to be paid when issued, as its payment terms say. */
    modePaiement: text('mode_paiement', { enum: ['CARTE', 'VIREMENT', 'PRELEVEMENT'] }).notNull(),
  },
  (t) => [
    index('invoices_account_date_idx').on(t.idClientBscs, t.dateFacture),
    check('invoices_reste_check', sql`${t.resteAPayerCentimes} >= 0 and ${t.resteAPayerCentimes} <= ${t.montantTtcCentimes}`),
  ],
);

/**
 * The charges of an invoice, per line (`idContrat`; null for account-level charges): subscription,
 * options, out-of-bundle usage, one-off charges and discounts (negative amounts), excluding VAT.
 */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    idContrat: integer('id_contrat'),
    numeroLigne: text('numero_ligne'),
    nature: text('nature', { enum: ['ABONNEMENT', 'OPTION', 'HORS_FORFAIT', 'PONCTUEL', 'REMISE'] }).notNull(),
    libelle: text('libelle').notNull(),
    quantite: integer('quantite').notNull().default(1),
    montantHtCentimes: integer('montant_ht_centimes').notNull(),
    /** VAT rate in basis points (2000 = 20 %). */
    tauxTvaBp: integer('taux_tva_bp').notNull().default(2000),
    /** The line's user when the invoice was issued ("Émilie Moreau"); null for none, or an account charge. */
    utilisateur: text('utilisateur'),
    /** The line's cost centre when the invoice was issued (its id, code and label, kept as they were then). */
    idCentre: integer('id_centre'),
    centreCode: text('centre_code'),
    centreLibelle: text('centre_libelle'),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId, t.idContrat)],
);

/** Money received against invoices: card payments, direct debits, transfers, counter payments. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    montantCentimes: integer('montant_centimes').notNull(),
    /** `AVOIR`: the part of a credit note set against the invoice (decision 060). */
    moyen: text('moyen', { enum: ['CARTE', 'PRELEVEMENT', 'VIREMENT', 'BDP', 'AVOIR'] }).notNull(),
    transactionReference: text('transaction_reference'),
    recordedBy: integer('recorded_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    // A card transaction settles each of its invoices once, however many notifications arrive.
    uniqueIndex('invoice_payments_transaction_uq').on(t.transactionReference, t.invoiceId),
  ],
);

/** Complaints about an invoice (`REC-YYYY-NNNNNN`); an open one shows "réclamation en cours". */
export const invoiceComplaints = pgTable(
  'invoice_complaints',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    idClientBscs: integer('id_client_bscs').notNull(),
    userId: integer('user_id'),
    motif: text('motif').notNull(),
    message: text('message').notNull(),
    /** Contract ids of the lines concerned, when the complaint names some. */
    lignes: integer('lignes').array().notNull().default(sql`'{}'::integer[]`),
    statut: text('statut', { enum: ['EN_COURS', 'TRAITEE'] }).notNull().default('EN_COURS'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Its last status change in the back office (decision 030); null: none yet. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /** The back office's decision (decision 060), given once, and its reason; null: not decided. */
    decision: text('decision', { enum: ['REFUSEE', 'ACCEPTEE', 'ACCEPTEE_AVEC_AVOIR'] }),
    decisionMotif: text('decision_motif'),
  },
  (t) => [
    index('invoice_complaints_invoice_idx').on(t.invoiceId),
    // « Mes demandes » reads a user's requests of every kind.
    index('invoice_complaints_user_idx').on(t.userId),
  ],
);

/**
 * Credit notes (`AV-AAAA-NNNNNN`, decision 060), one per complaint accepted with a refund: an
 * issued document like an invoice, never changed; its customer and payment mode are the credited
 * invoice's. `imputeCentimes` was taken off the invoice's balance (recorded as a payment `AVOIR`),
 * `rembourseCentimes` is paid back by `moyenRemboursement`.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    complaintId: integer('complaint_id')
      .notNull()
      .unique()
      .references(() => invoiceComplaints.id, { onDelete: 'cascade' }),
    dateAvoir: date('date_avoir', { mode: 'string' }).notNull(),
    motif: text('motif').notNull(),
    montantHtCentimes: integer('montant_ht_centimes').notNull(),
    montantTvaCentimes: integer('montant_tva_centimes').notNull(),
    montantTtcCentimes: integer('montant_ttc_centimes').notNull(),
    /** VAT rate in basis points, the credited invoice's. */
    tauxTvaBp: integer('taux_tva_bp').notNull(),
    imputeCentimes: integer('impute_centimes').notNull(),
    rembourseCentimes: integer('rembourse_centimes').notNull(),
    moyenRemboursement: text('moyen_remboursement', { enum: ['VIREMENT', 'PRELEVEMENT', 'CARTE'] }),
    /** The customer as the credited invoice names it. */
    client: jsonb('client').$type<InvoiceCustomerSnapshot>().notNull(),
    modePaiement: text('mode_paiement', { enum: ['CARTE', 'VIREMENT', 'PRELEVEMENT'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The agent who decided. */
    createdBy: integer('created_by'),
  },
  (t) => [
    index('credit_notes_account_date_idx').on(t.idClientBscs, t.dateAvoir),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    check('credit_notes_amounts_check', sql`${t.montantHtCentimes} > 0 and ${t.montantTtcCentimes} = ${t.montantHtCentimes} + ${t.montantTvaCentimes} and ${t.imputeCentimes} >= 0 and ${t.rembourseCentimes} >= 0 and ${t.imputeCentimes} + ${t.rembourseCentimes} = ${t.montantTtcCentimes}`),
  ],
);

/**
 * Card payments started from the portal. The amount is the invoices' balance when the link was
 * made; the status leaves EN_ATTENTE once, on the first valid notification.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    transactionReference: text('transaction_reference').primaryKey(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    montantCentimes: integer('montant_centimes').notNull(),
    referenceNumbers: text('reference_numbers').array().notNull(),
    statut: text('statut', { enum: ['EN_ATTENTE', 'ACCEPTEE', 'REFUSEE', 'ANNULEE'] }).notNull(),
    fournisseur: text('fournisseur').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('payment_transactions_account_idx').on(t.idClientBscs, t.createdAt)],
);

/**
 * Every notification the payment provider sent, accepted or not, with what was done with it.
 * `eventId` is the provider's own id: a replayed one is refused by its unique index.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id'),
    transactionReference: text('transaction_reference'),
    resultat: text('resultat', {
      enum: ['APPLIQUEE', 'SIGNATURE_INVALIDE', 'PERIMEE', 'REJOUEE', 'TRANSACTION_INCONNUE', 'DEJA_REGLEE', 'ILLISIBLE'],
    }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    sourceAddress: text('source_address').notNull(),
  },
  (t) => [
    uniqueIndex('payment_notifications_event_uq').on(t.eventId).where(sql`resultat = 'APPLIQUEE'`),
    index('payment_notifications_received_idx').on(t.receivedAt),
  ],
);
