/**
 * The shop: catalogue (reference data), carts of new lines (subscriptions), orders, supporting
 * documents (pieces) and tariff changes. Prices are integer cents excluding VAT (HT), like the
 * plans' monthly prices; VAT is computed where totals are.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { billingAccounts, contracts, costCentres, offers, users } from './accounts.ts';

/** A phone model in one storage size; its colours are variants of the same article. */
export const catalogPhones = pgTable('catalog_phones', {
  idArticle: integer('id_article').primaryKey(),
  marque: text('marque').notNull(),
  modele: text('modele').notNull(),
  description: text('description').notNull(),
  couleurs: text('couleurs').array().notNull(),
  stockageGo: integer('stockage_go').notNull(),
  esim: boolean('esim').notNull(),
  cinqG: boolean('cinq_g').notNull(),
  /** Price of the phone alone (no plan), excluding VAT. */
  prixNuCentimes: integer('prix_nu_centimes').notNull(),
  /** Price with a plan under a 24-month commitment, excluding VAT. */
  prixAvecForfaitCentimes: integer('prix_avec_forfait_centimes').notNull(),
  stock: integer('stock').notNull(),
  /** File name of the product picture served by the shop module (drawn, no external fetch). */
  image: text('image').notNull(),
  commercialise: boolean('commercialise').notNull().default(true),
  ordre: integer('ordre').notNull().default(0),
});

export const OPTION_FAMILIES = [
  'INTERNATIONAL',
  'EUROPE',
  'SUISSE_ANDORRE',
  'SATELLITE',
  'ZONE_AFFAIRES',
  'ZONE_ETENDUE',
  'ZONE_NON_GROUPEE',
  'BLOCAGE_NUMEROS_SPECIAUX',
  'FACTURE_DETAILLEE',
  'INTERNET_4G',
  'INTERNET_5G',
  'TARIF_MINUTE',
] as const;

export const catalogOptions = pgTable('catalog_options', {
  idOption: integer('id_option').primaryKey(),
  famille: text('famille', { enum: OPTION_FAMILIES }).notNull(),
  libelle: text('libelle').notNull(),
  description: text('description').notNull(),
  prixMensuelCentimes: integer('prix_mensuel_centimes').notNull(),
  commercialise: boolean('commercialise').notNull().default(true),
  ordre: integer('ordre').notNull().default(0),
});

export const catalogAccessories = pgTable('catalog_accessories', {
  idArticle: integer('id_article').primaryKey(),
  libelle: text('libelle').notNull(),
  categorie: text('categorie').notNull(),
  description: text('description').notNull(),
  prixCentimes: integer('prix_centimes').notNull(),
  stock: integer('stock').notNull(),
  image: text('image').notNull(),
  /** Phone articles it fits; empty: every phone. */
  compatibles: integer('compatibles').array().notNull().default(sql`'{}'::integer[]`),
  commercialise: boolean('commercialise').notNull().default(true),
});

export const catalogInsurances = pgTable('catalog_insurances', {
  idAssurance: integer('id_assurance').primaryKey(),
  libelle: text('libelle').notNull(),
  description: text('description').notNull(),
  prixMensuelCentimes: integer('prix_mensuel_centimes').notNull(),
  franchiseCentimes: integer('franchise_centimes').notNull(),
  /** Highest phone price (excluding VAT) it covers. */
  plafondPrixMobileCentimes: integer('plafond_prix_mobile_centimes').notNull(),
  commercialise: boolean('commercialise').notNull().default(true),
});

export const catalogPromotions = pgTable(
  'catalog_promotions',
  {
    idPromotion: integer('id_promotion').primaryKey(),
    libelle: text('libelle').notNull(),
    conditions: text('conditions').notNull(),
    /** Code to type; null: applied by itself when its conditions hold. */
    codePromo: text('code_promo'),
    /** What it lowers: a plan's monthly price, a phone's price or an accessory's. */
    cible: text('cible', { enum: ['FORFAIT', 'MOBILE', 'ACCESSOIRE'] }).notNull(),
    type: text('type', { enum: ['MONTANT', 'POURCENTAGE'] }).notNull(),
    /** Cents for MONTANT, hundredths of a percent for POURCENTAGE (1500 = 15 %). */
    valeur: integer('valeur').notNull(),
    /** Months a FORFAIT promotion lasts; null for one-off ones. */
    dureeMois: integer('duree_mois'),
    /** Restricts it to one plan or one article; null: any. */
    idOffreEngagement: integer('id_offre_engagement').references(() => offers.idOffreEngagement),
    idArticle: integer('id_article'),
    debut: date('debut', { mode: 'string' }).notNull(),
    fin: date('fin', { mode: 'string' }),
  },
  (t) => [uniqueIndex('catalog_promotions_code_uq').on(t.codePromo)],
);

export const pointsOfSale = pgTable('points_of_sale', {
  idPointDeVente: integer('id_point_de_vente').primaryKey(),
  nom: text('nom').notNull(),
  adresse: text('adresse').notNull(),
  codePostal: text('code_postal').notNull(),
  ville: text('ville').notNull(),
  horaires: text('horaires').notNull(),
});

/** A cart of new lines for one billing account, then the subscription its order carries. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    idSouscription: serial('id_souscription').primaryKey(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Subscription status: Ok 1, Incomplet 2, EnCoursValidation 3, EnAttentePaiement 4. */
    statut: integer('statut').notNull().default(2),
    /** Order-flow step reached (section 3 numbering). */
    etape: integer('etape').notNull().default(1),
    /** The Coordonnées step's answers (delivery, installation, contact) kept with the cart until the order is sent. */
    coordonnees: jsonb('coordonnees'),
    /** The cost centre its new lines are created in (the fleet policy may require one; decision 051). */
    idCentre: integer('id_centre').references(() => costCentres.idCentre, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_account_idx').on(t.idClientBscs),
    check('subscriptions_statut_ck', sql`${t.statut} between 1 and 4`),
  ],
);

/** One line of a cart: `quantite` identical lines sharing plan, phone, options and the rest. */
export const subscriptionLines = pgTable(
  'subscription_lines',
  {
    idLigne: serial('id_ligne').primaryKey(),
    idSouscription: integer('id_souscription')
      .notNull()
      .references(() => subscriptions.idSouscription, { onDelete: 'cascade' }),
    quantite: integer('quantite').notNull().default(1),
    idOffreEngagement: integer('id_offre_engagement')
      .notNull()
      .references(() => offers.idOffreEngagement),
    /** Null: SIM only. */
    idArticleMobile: integer('id_article_mobile').references(() => catalogPhones.idArticle),
    couleur: text('couleur'),
    typeSim: text('type_sim', { enum: ['SIM', 'ESIM'] }).notNull().default('SIM'),
    /** New number, portability (PNM) or number keeping. */
    modeNumero: text('mode_numero', { enum: ['NOUVEAU', 'PORTABILITE', 'CONSERVATION'] })
      .notNull()
      .default('NOUVEAU'),
    msisdn: text('msisdn'),
    rio: text('rio'),
    datePortage: date('date_portage', { mode: 'string' }),
    inscriptionAnnuaire: boolean('inscription_annuaire').notNull().default(false),
    idAssurance: integer('id_assurance').references(() => catalogInsurances.idAssurance),
    /** Prices frozen when the line was put in the cart, excluding VAT. */
    prixMobileCentimes: integer('prix_mobile_centimes').notNull().default(0),
    prixMensuelCentimes: integer('prix_mensuel_centimes').notNull().default(0),
    prixAssuranceCentimes: integer('prix_assurance_centimes').notNull().default(0),
    /** The contracts created for it when the order is validated. */
    idContrats: integer('id_contrats').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_lines_subscription_idx').on(t.idSouscription),
    check('subscription_lines_quantite_ck', sql`${t.quantite} between 1 and 100`),
  ],
);

export const subscriptionLineOptions = pgTable(
  'subscription_line_options',
  {
    idLigne: integer('id_ligne')
      .notNull()
      .references(() => subscriptionLines.idLigne, { onDelete: 'cascade' }),
    idOption: integer('id_option')
      .notNull()
      .references(() => catalogOptions.idOption),
    prixOptionCentimes: integer('prix_option_centimes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.idLigne, t.idOption] })],
);

export const subscriptionLineArticles = pgTable(
  'subscription_line_articles',
  {
    idLigne: integer('id_ligne')
      .notNull()
      .references(() => subscriptionLines.idLigne, { onDelete: 'cascade' }),
    idArticle: integer('id_article').notNull(),
    estAccessoire: boolean('est_accessoire').notNull().default(true),
    quantite: integer('quantite').notNull().default(1),
    prixArticleCentimes: integer('prix_article_centimes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.idLigne, t.idArticle] })],
);

export const subscriptionLinePromotions = pgTable(
  'subscription_line_promotions',
  {
    idLigne: integer('id_ligne')
      .notNull()
      .references(() => subscriptionLines.idLigne, { onDelete: 'cascade' }),
    idPromotion: integer('id_promotion')
      .notNull()
      .references(() => catalogPromotions.idPromotion),
    /** Price before, and the discount it gives, in cents excluding VAT. */
    prixPromotionCentimes: integer('prix_promotion_centimes').notNull(),
    remisePromotionCentimes: integer('remise_promotion_centimes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.idLigne, t.idPromotion] })],
);

/** An order: new lines (ExtensionParc / Souscription), a new phone (RM) and the rest. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** `CMD-YYYY-NNNNNN`. */
    numero: text('numero').notNull(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentId: integer('agent_id').references(() => agents.id),
    /** Order type: ExtensionParc 1, Souscription 2, ChangementSim 3, RM 4, Swap 5. */
    type: integer('type').notNull(),
    /** Order status (section 3 numbering). */
    statut: integer('statut').notNull().default(1),
    etape: integer('etape').notNull().default(1),
    idSouscription: integer('id_souscription').references(() => subscriptions.idSouscription),
    /** The line a new phone (RM) is for. */
    idContrat: integer('id_contrat').references(() => contracts.idContrat),
    /** Payment mode: CarteBleue 3, Virement 6. */
    modePaiement: integer('mode_paiement'),
    /** Risk/validation level (section 3): NONE 0 … VALIDE 5. */
    niveauRisque: integer('niveau_risque').notNull().default(0),
    acompteCentimes: integer('acompte_centimes').notNull().default(0),
    totalUniqueHtCentimes: integer('total_unique_ht_centimes').notNull().default(0),
    totalMensuelHtCentimes: integer('total_mensuel_ht_centimes').notNull().default(0),
    tvaUniqueCentimes: integer('tva_unique_centimes').notNull().default(0),
    /** Bank-transfer reference the customer writes on the transfer. */
    referenceVirement: text('reference_virement'),
    /** Reference of the card-payment transaction with the payment provider. */
    referenceTransaction: text('reference_transaction'),
    /** Collection at a point of sale instead of a delivery. */
    idPointDeVente: integer('id_point_de_vente').references(() => pointsOfSale.idPointDeVente),
    /** Key the browser sent with the submission: one order per key and account. */
    idempotencyKey: text('idempotency_key'),
    /** What the order is, as the recap showed it (lines, articles, totals), frozen. */
    recapitulatif: jsonb('recapitulatif'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    valideeLe: timestamp('validee_le', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_numero_uq').on(t.numero),
    uniqueIndex('orders_idempotency_uq').on(t.idClientBscs, t.idempotencyKey),
    index('orders_account_idx').on(t.idClientBscs, t.createdAt),
    check('orders_type_ck', sql`${t.type} between 1 and 5`),
  ],
);

/** The order's timeline: one row per status or step it went through. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    statut: integer('statut').notNull(),
    etape: integer('etape').notNull(),
    libelle: text('libelle').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/** Addresses of an order by type: INSTALLATION 1, ELIGIBILITE 2, LIVRAISON 3. */
export const orderAddresses = pgTable(
  'order_addresses',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    destinataire: text('destinataire').notNull(),
    numero: text('numero').notNull().default(''),
    voie: text('voie').notNull(),
    complement: text('complement').notNull().default(''),
    codePostal: text('code_postal').notNull(),
    ville: text('ville').notNull(),
    codeInsee: text('code_insee'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.type] }), check('order_addresses_type_ck', sql`${t.type} between 1 and 3`)],
);

/** The risk check's saved decisions (section 3 levels). */
export const riskDecisions = pgTable(
  'risk_decisions',
  {
    id: serial('id').primaryKey(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs),
    idSouscription: integer('id_souscription').references(() => subscriptions.idSouscription, {
      onDelete: 'set null',
    }),
    score: integer('score').notNull(),
    niveau: integer('niveau').notNull(),
    /** What the customer must do: nothing, pay by transfer, or pay a deposit. */
    decision: text('decision', { enum: ['ACCEPTE', 'VIREMENT_OBLIGATOIRE', 'ACOMPTE'] }).notNull(),
    motifs: text('motifs').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('risk_decisions_account_idx').on(t.idClientBscs, t.createdAt)],
);

/** Supporting documents (pieces) of a billing account, optionally tied to a subscription. */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    idCtrlPiece: serial('id_ctrl_piece').primaryKey(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs),
    idSouscription: integer('id_souscription').references(() => subscriptions.idSouscription, {
      onDelete: 'set null',
    }),
    type: text('type', { enum: ['KBIS', 'PIECE_IDENTITE', 'RIB', 'MANDAT', 'JUSTIFICATIF_DOMICILE', 'AUTRE'] }).notNull(),
    nomFichier: text('nom_fichier').notNull(),
    /** Random name in the document storage; never derived from what the browser sent. */
    cleStockage: text('cle_stockage').notNull(),
    typeMime: text('type_mime').notNull(),
    taille: integer('taille').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentId: integer('agent_id').references(() => agents.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_documents_cle_uq').on(t.cleStockage),
    index('customer_documents_account_idx').on(t.idClientBscs, t.createdAt),
  ],
);

/** A plan change of one line; one pending change per line at a time. */
export const tariffChanges = pgTable(
  'tariff_changes',
  {
    id: serial('id').primaryKey(),
    idContrat: integer('id_contrat')
      .notNull()
      .references(() => contracts.idContrat),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs),
    idOffreActuelle: integer('id_offre_actuelle')
      .notNull()
      .references(() => offers.idOffreEngagement),
    idOffreCible: integer('id_offre_cible')
      .notNull()
      .references(() => offers.idOffreEngagement),
    /** Tariff-change action: Application_de_DR14 1, Renonciation_de_DR14 2. */
    action: integer('action').notNull(),
    immediat: boolean('immediat').notNull(),
    dateEffet: date('date_effet', { mode: 'string' }).notNull(),
    statut: text('statut', { enum: ['EN_ATTENTE', 'APPLIQUE', 'ANNULE'] }).notNull().default('EN_ATTENTE'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentId: integer('agent_id').references(() => agents.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    annuleLe: timestamp('annule_le', { withTimezone: true }),
    appliqueLe: timestamp('applique_le', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tariff_changes_pending_uq').on(t.idContrat).where(sql`${t.statut} = 'EN_ATTENTE'`),
    index('tariff_changes_account_idx').on(t.idClientBscs),
    check('tariff_changes_action_ck', sql`${t.action} in (1, 2)`),
  ],
);
