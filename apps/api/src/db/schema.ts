import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
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

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  raisonSociale: text('raison_sociale').notNull(),
  siren: text('siren').notNull().unique(),
});

export const billingAccounts = pgTable(
  'billing_accounts',
  {
    idClientBscs: integer('id_client_bscs').primaryKey(),
    codeClientBscs: text('code_client_bscs').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    statut: text('statut', { enum: ['ACTIF', 'SUSPENDU', 'RESILIE'] }).notNull(),
    statutContratFixe: text('statut_contrat_fixe'),
    sirenSiret: text('siren_siret').notNull(),
    raisonSociale: text('raison_sociale').notNull(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    email: text('email').notNull(),
    telephone: text('telephone').notNull(),
    adresseNumero: text('adresse_numero').notNull(),
    adresseVoie: text('adresse_voie').notNull(),
    adresseCodePostal: text('adresse_code_postal').notNull(),
    adresseVille: text('adresse_ville').notNull(),
    /** Whether the account's managers are e-mailed when a customer-service agent connects to it. */
    alerteConnexionAgent: boolean('alerte_connexion_agent').notNull().default(true),
  },
  (t) => [uniqueIndex('billing_accounts_code_uq').on(t.codeClientBscs), index('billing_accounts_company_idx').on(t.companyId)],
);

export const offers = pgTable('offers', {
  idOffreEngagement: integer('id_offre_engagement').primaryKey(),
  libelle: text('libelle').notNull(),
  idGamme: integer('id_gamme').notNull(),
  prixMensuelCentimes: integer('prix_mensuel_centimes').notNull(),
  description: text('description').notNull(),
  /** Mobile data allowance in France, in MB (null: unlimited, or not a mobile plan). */
  dataMo: integer('data_mo'),
  dataIllimitee: boolean('data_illimitee').notNull().default(false),
  optionsIncluses: text('options_incluses').array().notNull().default(sql`'{}'::text[]`),
  /** Commitment in months: 0, 12 or 24. */
  engagementMois: integer('engagement_mois').notNull().default(24),
  /** Zones the allowance covers (France, Europe, …), as labels. */
  zones: text('zones').array().notNull().default(sql`'{}'::text[]`),
  /** Still sold: offered in the shop and as a tariff-change target. */
  commercialise: boolean('commercialise').notNull().default(true),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Login identifier, stored lower-cased. */
    email: text('email').notNull(),
    /** Argon2id hash of the client-side PBKDF2 hash of the confidential code. */
    passwordHash: text('password_hash').notNull(),
    prenom: text('prenom').notNull(),
    nom: text('nom').notNull(),
    utilisateur: boolean('utilisateur').notNull().default(false),
    mandataire: boolean('mandataire').notNull().default(false),
    gestionnaire: boolean('gestionnaire').notNull().default(false),
    serviceClient: boolean('service_client').notNull().default(false),
    administration: boolean('administration').notNull().default(false),
    idClientBscs: integer('id_client_bscs').references(() => billingAccounts.idClientBscs),
    idClientBscsMandataire: integer('id_client_bscs_mandataire'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** Which billing accounts a user is attached to, and whether they may manage each. */
export const userBillingAccounts = pgTable(
  'user_billing_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    isGestionnaire: boolean('is_gestionnaire').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idClientBscs] }), index('uba_account_idx').on(t.idClientBscs)],
);

export const contracts = pgTable(
  'contracts',
  {
    idContrat: integer('id_contrat').primaryKey(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs),
    numeroLigne: text('numero_ligne').notNull(),
    codeStatut: text('code_statut', { enum: ['ACTIF', 'SUSPENDU', 'RESILIE', 'EN_COURS'] }).notNull(),
    idGamme: integer('id_gamme').notNull(),
    idOffreEngagement: integer('id_offre_engagement')
      .notNull()
      .references(() => offers.idOffreEngagement),
    /** The simple line user (utilisateur) of this line, if any. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    dateActivation: timestamp('date_activation', { withTimezone: true }).notNull(),
    /** Options subscribed on the line, by label. */
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    /** End of the commitment period; null without commitment. */
    dateFinEngagement: date('date_fin_engagement', { mode: 'string' }),
    typeSim: text('type_sim', { enum: ['SIM', 'ESIM'] }).notNull().default('SIM'),
    /** Full ICCID of the SIM card (only its last 4 digits are ever answered); null when unknown. */
    iccid: text('iccid'),
    puk: text('puk'),
    puk2: text('puk2'),
    /** eSIM profile: activation code and SM-DP+ address (GSMA SGP.22), for eSIM lines. */
    esimCodeActivation: text('esim_code_activation'),
    esimAdresseSmdp: text('esim_adresse_smdp'),
    /** The person using the line, named by the account's manager (not necessarily a portal user). */
    utilisateurPrenom: text('utilisateur_prenom'),
    utilisateurNom: text('utilisateur_nom'),
    utilisateurEmail: text('utilisateur_email'),
    inscriptionAnnuaire: text('inscription_annuaire', { enum: ['LISTE_ROUGE', 'LISTE_ORANGE', 'PARUTION'] })
      .notNull()
      .default('LISTE_ROUGE'),
    /** The day the number leaves for another operator (portability out); the line ends then. */
    datePortabiliteSortante: date('date_portabilite_sortante', { mode: 'string' }),
  },
  (t) => [
    index('contracts_account_numero_idx').on(t.idClientBscs, t.numeroLigne),
    index('contracts_user_idx').on(t.userId),
    // A SIM card serves one line: the check before an activation, and this under concurrency.
    uniqueIndex('contracts_iccid_uq').on(t.iccid),
  ],
);

/**
 * Who did what on which account or contract, from where: every write of the line actions and
 * every PUK or RIO read. Kept without foreign keys, so that an entry outlives its user or line.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The signed-in person who acted (an agent, in agent mode). */
    userId: integer('user_id').notNull(),
    /** The customer user an agent acted for (agent mode); null when users act for themselves. */
    onBehalfOf: integer('on_behalf_of'),
    action: text('action').notNull(),
    idClientBscs: integer('id_client_bscs'),
    idContrat: integer('id_contrat'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    sourceAddress: text('source_address').notNull(),
    /** What changed, for the back office's edits: `{ avant, apres }` (reference data, parameters). */
    details: jsonb('details'),
  },
  (t) => [index('audit_log_account_at_idx').on(t.idClientBscs, t.at), index('audit_log_contract_at_idx').on(t.idContrat, t.at)],
);

/** Loss or theft declarations; the open one (not restored) is what keeps a line suspended. */
export const lossTheftDeclarations = pgTable(
  'loss_theft_declarations',
  {
    id: serial('id').primaryKey(),
    idContrat: integer('id_contrat')
      .notNull()
      .references(() => contracts.idContrat, { onDelete: 'cascade' }),
    idClientBscs: integer('id_client_bscs').notNull(),
    motif: text('motif', { enum: ['PERTE', 'VOL'] }).notNull(),
    dateEvenement: date('date_evenement', { mode: 'string' }).notNull(),
    commentaire: text('commentaire'),
    /** Status of the line before the suspension, given back on restoration. */
    statutPrecedent: text('statut_precedent', { enum: ['ACTIF', 'SUSPENDU', 'RESILIE', 'EN_COURS'] }).notNull(),
    declaredBy: integer('declared_by').notNull(),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull(),
    restoredBy: integer('restored_by'),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  // One open declaration per line: a second one racing the first fails here.
  (t) => [uniqueIndex('loss_theft_open_uq').on(t.idContrat).where(sql`restored_at is null`)],
);

/**
 * Usage of a line over one billing period (a calendar month, `periode` is its first day):
 * voice minutes, SMS, mobile data in MB and the out-of-bundle amount excluding VAT, in cents.
 */
export const lineUsage = pgTable(
  'line_usage',
  {
    idContrat: integer('id_contrat')
      .notNull()
      .references(() => contracts.idContrat, { onDelete: 'cascade' }),
    periode: date('periode', { mode: 'string' }).notNull(),
    voixMinutes: integer('voix_minutes').notNull(),
    sms: integer('sms').notNull(),
    dataMo: integer('data_mo').notNull(),
    horsForfaitCentimes: integer('hors_forfait_centimes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.idContrat, t.periode] })],
);

/**
 * Marketing and service-news choices, by e-mail and SMS: one row per portal user
 * (`userId`) or per billing account (`idClientBscs`), never both. No row: nothing chosen yet.
 */
export const contactOptins = pgTable(
  'contact_optins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    idClientBscs: integer('id_client_bscs').references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    emailMarketing: boolean('email_marketing').notNull().default(false),
    smsMarketing: boolean('sms_marketing').notNull().default(false),
    emailActualites: boolean('email_actualites').notNull().default(false),
    smsActualites: boolean('sms_actualites').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: integer('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('contact_optins_user_uq').on(t.userId),
    uniqueIndex('contact_optins_account_uq').on(t.idClientBscs),
    check('contact_optins_one_owner', sql`(user_id is null) <> (id_client_bscs is null)`),
  ],
);

/** Header menu tree: rubrique (parent null) > sous-rubrique > module. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    kind: text('kind', { enum: ['rubrique', 'sousRubrique', 'module'] }).notNull(),
    nom: text('nom').notNull(),
    url: text('url'),
    ordre: integer('ordre').notNull(),
    urlImage: text('url_image'),
    cheminImage: text('chemin_image'),
    /** Shown only when a billing account is chosen. */
    requiresAccount: boolean('requires_account').notNull().default(false),
    /** Shown only for these account statuses (null: any). */
    accountStatuses: text('account_statuses').array(),
    /** Shown only when the chosen line belongs to this range (null: any). */
    idGamme: integer('id_gamme'),
  },
  (t) => [index('menu_items_parent_idx').on(t.parentId)],
);

export const serverParameters = pgTable('server_parameters', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Legal and information pages by page code (spec §3 "Legal notice by page code"): reference data
 * (decision 022). `{{marque}}` in a text stands for the brand (BRAND_NAME); the HTML is reduced
 * to the legal rule set whenever it is served.
 */
export const legalPages = pgTable('legal_pages', {
  pageCode: text('page_code').primaryKey(),
  titre: text('titre').notNull(),
  contenuHtml: text('contenu_html').notNull(),
  miseAJour: date('mise_a_jour', { mode: 'string' }).notNull(),
});

/**
 * The static documents (CGV, CGA, GT), made into PDFs when asked for: reference data
 * (decision 022). `contenu` is plain text in blocks separated by a blank line: a block starting
 * with "## " is a heading, lines starting with "- " are list items, any other block a paragraph.
 */
export const staticDocuments = pgTable('static_documents', {
  type: text('type').primaryKey(),
  titre: text('titre').notNull(),
  version: text('version').notNull(),
  dateVersion: date('date_version', { mode: 'string' }).notNull(),
  ordre: integer('ordre').notNull(),
  contenu: text('contenu').notNull(),
});

/** A PostgreSQL text-search document, only ever written by the database itself. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** FAQ themes (spec §7 "Support and other"): reference data, edited by the operator later. */
export const faqThemes = pgTable('faq_themes', {
  idTheme: integer('id_theme').primaryKey(),
  libelle: text('libelle').notNull(),
  ordre: integer('ordre').notNull(),
});

/**
 * FAQ questions: reference data. `reponseHtml` is reduced to the FAQ rule set whenever it is
 * served; `{{marque}}` stands for the brand. `recherche` is the French full-text document
 * (configuration `faq_fr`: french stemming after unaccent, created by migration 0009), the
 * question weighted A and the answer's text (tags and entities removed) weighted B.
 */
export const faqQuestions = pgTable(
  'faq_questions',
  {
    idQuestion: integer('id_question').primaryKey(),
    idTheme: integer('id_theme')
      .notNull()
      .references(() => faqThemes.idTheme, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    reponseHtml: text('reponse_html').notNull(),
    ordre: integer('ordre').notNull(),
    recherche: tsvector('recherche')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('faq_fr'::regconfig, question), 'A') || setweight(to_tsvector('faq_fr'::regconfig, regexp_replace(regexp_replace(reponse_html, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')), 'B')`,
      ),
  },
  (t) => [index('faq_questions_theme_idx').on(t.idTheme, t.ordre), index('faq_questions_recherche_idx').using('gin', t.recherche)],
);

/** How often each FAQ question was opened and found helpful or not: customer data, counters. */
export const faqQuestionStats = pgTable(
  'faq_question_stats',
  {
    idQuestion: integer('id_question')
      .primaryKey()
      .references(() => faqQuestions.idQuestion, { onDelete: 'cascade' }),
    nbVues: integer('nb_vues').notNull().default(0),
    nbUtile: integer('nb_utile').notNull().default(0),
    nbInutile: integer('nb_inutile').notNull().default(0),
  },
  (t) => [index('faq_question_stats_vues_idx').on(t.nbVues)],
);

/**
 * "Was this helpful" votes, one per voter and question. `votant` is a SHA-256 (hex) of the
 * session token, or of the browser's XSRF cookie for a signed-out visitor, prefixed by its kind.
 */
export const faqVotes = pgTable(
  'faq_votes',
  {
    idQuestion: integer('id_question')
      .notNull()
      .references(() => faqQuestions.idQuestion, { onDelete: 'cascade' }),
    votant: text('votant').notNull(),
    utile: boolean('utile').notNull(),
    voteLe: timestamp('vote_le', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.idQuestion, t.votant] }), index('faq_votes_vote_le_idx').on(t.voteLe)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the bearer token, hex: the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** A customer session opened by a customer-service agent acting for `userId` (agent mode). */
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    /** Why the agent connected (free text or a ticket number), kept with every write they make. */
    agentMotif: text('agent_motif'),
    /** The one billing account an agent's session may reach, whatever else `userId` manages. */
    agentIdClientBscs: integer('agent_id_client_bscs'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId).where(sql`revoked_at is null`),
    // The clean-up finds ended sessions by expiry (modules/cleanup).
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Forgotten-code requests. A row is kept for unknown addresses too (without user or link), so
 * that "a request is pending" answers the same whether or not the address is a customer's.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the e-mailed guid. */
    tokenHash: text('token_hash').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_email_idx').on(t.email, t.expiresAt)],
);

/** A login e-mail change: confirmed from the new address, cancellable from the old one. */
export const emailChangeRequests = pgTable('email_change_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  oldEmail: text('old_email').notNull(),
  newEmail: text('new_email').notNull(),
  confirmHash: text('confirm_hash').notNull().unique(),
  cancelHash: text('cancel_hash').notNull().unique(),
  /**
   * The client-side hash is salted with the identifier, so the code's stored hash changes with
   * the address: the new one is applied on confirmation, the old one restored on cancellation.
   */
  newPasswordHash: text('new_password_hash').notNull(),
  oldPasswordHash: text('old_password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  validatedAt: timestamp('validated_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

/** Every e-mail the portal sends, kept as sent (and readable in the development mailbox). */
/** An e-mail attachment as the outbox keeps it. */
export interface StoredMailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Files sent with the message (a calendar invitation, a customer's attachment), base64. */
    attachments: jsonb('attachments').$type<StoredMailAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** 'smtp' or 'mailbox' (kept for the development mailbox only). */
    transport: text('transport'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);

/** Fixed-window counters of the rate limits when no Redis is configured. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  // The clean-up finds stale counters by the start of their window (modules/cleanup).
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStart)],
);

/**
 * An e-mailed link that lets the real owner of an identifier under attack sign in again: while
 * an identifier has failed too often, the right code alone no longer opens it from an address
 * that has failed; following this link (proof of the mailbox) lifts that for the browser that
 * follows it.
 */
export const loginUnlockLinks = pgTable(
  'login_unlock_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the e-mailed token. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_unlock_user_idx').on(t.userId, t.expiresAt)],
);

/**
 * Themes of the contact form (spec §7 `contact_themes`): reference data (decision 024). Theme 7
 * is the after-sales service (decision 022), theme 13 the security contact (spec §2, §9).
 */
export const contactThemes = pgTable('contact_themes', {
  idTheme: integer('id_theme').primaryKey(),
  libelle: text('libelle').notNull(),
  ordre: integer('ordre').notNull(),
});

/** Sub-themes of a contact theme (spec §7 `contact_sous_themes/{idTheme}`): reference data. */
export const contactSubThemes = pgTable(
  'contact_sub_themes',
  {
    idSousTheme: integer('id_sous_theme').primaryKey(),
    idTheme: integer('id_theme')
      .notNull()
      .references(() => contactThemes.idTheme, { onDelete: 'cascade' }),
    libelle: text('libelle').notNull(),
    ordre: integer('ordre').notNull(),
  },
  (t) => [index('contact_sub_themes_theme_idx').on(t.idTheme, t.ordre)],
);

/**
 * A message sent with the contact form: a support ticket, `SUP-YYYY-NNNNNN`. The theme and
 * sub-theme are kept as chosen (ids and labels), so that a later change of the reference data
 * does not rewrite what the customer wrote about. `userId` is the signed-in sender, null for a
 * visitor; the attachment, if any, is a file of the attachment store named `pieceJointeCle`.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    idClientBscs: integer('id_client_bscs'),
    idTheme: integer('id_theme').notNull(),
    theme: text('theme').notNull(),
    idSousTheme: integer('id_sous_theme'),
    sousTheme: text('sous_theme'),
    objet: text('objet').notNull(),
    message: text('message').notNull(),
    prenom: text('prenom').notNull(),
    nom: text('nom').notNull(),
    email: text('email').notNull(),
    telephone: text('telephone'),
    entreprise: text('entreprise'),
    statut: text('statut', { enum: ['OUVERTE', 'EN_COURS', 'EN_ATTENTE_CLIENT', 'RESOLUE'] })
      .notNull()
      .default('OUVERTE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    pieceJointeCle: text('piece_jointe_cle').unique(),
    pieceJointeNom: text('piece_jointe_nom'),
    pieceJointeType: text('piece_jointe_type'),
    pieceJointeTaille: integer('piece_jointe_taille'),
  },
  (t) => [index('support_tickets_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The last number given in each series and year (Europe/Paris): `SUP` support tickets, `REC`
 * invoice complaints. Taking a number updates the row in the caller's transaction: concurrent
 * takers wait for each other there, and a rolled-back one gives its number back.
 */
export const referenceCounters = pgTable(
  'reference_counters',
  {
    serie: text('serie').notNull(),
    annee: integer('annee').notNull(),
    dernierNumero: integer('dernier_numero').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serie, t.annee] })],
);

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
    moyen: text('moyen', { enum: ['CARTE', 'PRELEVEMENT', 'VIREMENT', 'BDP'] }).notNull(),
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
  },
  (t) => [index('invoice_complaints_invoice_idx').on(t.invoiceId)],
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

/**
 * Appointments with an adviser, 30 minutes each. A slot is held by one active appointment at most:
 * two bookings racing for it fail on the partial unique index.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    idContrat: integer('id_contrat').notNull(),
    typeLigne: text('type_ligne', { enum: ['MOBILE', 'FIXE'] }).notNull(),
    userId: integer('user_id').notNull(),
    debut: timestamp('debut', { withTimezone: true }).notNull(),
    motif: text('motif').notNull(),
    telephone: text('telephone').notNull(),
    statut: text('statut', { enum: ['RESERVE', 'ANNULE'] }).notNull().default('RESERVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('appointments_slot_uq').on(t.debut).where(sql`statut = 'RESERVE'`),
    index('appointments_account_idx').on(t.idClientBscs, t.debut),
  ],
);

/**
 * Customer-service agents (spec §3 agent user): counter staff of a point of sale (BDP, with a
 * Régate code) and remote customer service. They sign in on /identification/authen-gc with their
 * identifier and confidential code, hashed in the browser as customers' are.
 */
export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  /** Up to 16 characters, stored upper-cased. */
  identifiant: text('identifiant').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  nomSc: text('nom_sc').notNull(),
  loginSc: text('login_sc').notNull(),
  codeRegate: text('code_regate').unique(),
  idSso: text('id_sso').unique(),
  codeAcores: text('code_acores').unique(),
  idrh: text('idrh'),
  actif: boolean('actif').notNull().default(true),
  profil: text('profil', { enum: ['BDP', 'SERVICE_CLIENT_DISTANCE'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An agent's own session, before and while they act for a customer: shorter than a customer's
 * (idle and absolute bounds from configuration). It never reaches customer data by itself.
 */
export const agentSessions = pgTable(
  'agent_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('agent_sessions_agent_idx').on(t.agentId), index('agent_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Termination reasons (spec §7 "Termination"): reasons, business reasons (`pro`) and sub-reasons
 * (`idMotifParent`). Reference data. A reason may waive the early-termination fees on proof and
 * name the proof it needs.
 */
export const terminationReasons = pgTable('termination_reasons', {
  idMotif: integer('id_motif').primaryKey(),
  idMotifParent: integer('id_motif_parent'),
  libelle: text('libelle').notNull(),
  pro: boolean('pro').notNull().default(false),
  exonerationFrais: boolean('exoneration_frais').notNull().default(false),
  /** The proof to attach (label), null when none is needed. */
  justificatif: text('justificatif'),
  /** The number leaves with a portability: the line ends on the porting date. */
  portabilite: boolean('portabilite').notNull().default(false),
  ordre: integer('ordre').notNull(),
});

/**
 * Termination requests of a line. At most one PROGRAMMEE per contract; a double submit with the
 * same idempotency key gives back the first. Fees are integer cents, itemised in `detailFrais`.
 */
export const terminations = pgTable(
  'terminations',
  {
    idResiliation: serial('id_resiliation').primaryKey(),
    idContrat: integer('id_contrat')
      .notNull()
      .references(() => contracts.idContrat, { onDelete: 'cascade' }),
    idClientBscs: integer('id_client_bscs').notNull(),
    idMotif: integer('id_motif').notNull(),
    idSousMotif: integer('id_sous_motif'),
    dateEffet: date('date_effet', { mode: 'string' }).notNull(),
    statut: text('statut', { enum: ['PROGRAMMEE', 'ANNULEE', 'EFFECTUEE'] }).notNull(),
    fraisHtCentimes: integer('frais_ht_centimes').notNull(),
    fraisTvaCentimes: integer('frais_tva_centimes').notNull(),
    detailFrais: jsonb('detail_frais').notNull(),
    commentaire: text('commentaire'),
    demandePar: integer('demande_par').notNull(),
    /** The agent who submitted it for the customer, if any. */
    agentId: integer('agent_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    effectueeAt: timestamp('effectuee_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('terminations_scheduled_uq').on(t.idContrat).where(sql`statut = 'PROGRAMMEE'`),
    uniqueIndex('terminations_idempotency_uq').on(t.demandePar, t.idempotencyKey),
    index('terminations_due_idx').on(t.dateEffet).where(sql`statut = 'PROGRAMMEE'`),
  ],
);

/**
 * Proofs uploaded for a termination, in the attachment store under `cle`: read or deleted only by
 * the account that uploaded them; attached to the request when it is submitted.
 */
export const terminationAttachments = pgTable(
  'termination_attachments',
  {
    id: serial('id').primaryKey(),
    cle: text('cle').notNull().unique(),
    idClientBscs: integer('id_client_bscs').notNull(),
    idContrat: integer('id_contrat').notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    nom: text('nom').notNull(),
    type: text('type').notNull(),
    taille: integer('taille').notNull(),
    idResiliation: integer('id_resiliation').references(() => terminations.idResiliation, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('termination_attachments_contract_idx').on(t.idContrat)],
);

export * from './schema/shop.ts';
export * from './schema/sso.ts';
