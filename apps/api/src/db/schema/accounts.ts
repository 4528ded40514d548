/**
 * Companies, billing accounts, plans, users, lines (contracts) and sign-in: sessions, code resets,
 * login e-mail changes, unlock links.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';

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
    /** Whether every user of the account must sign in with a second factor (decision 057). */
    mfaObligatoire: boolean('mfa_obligatoire').notNull().default(false),
  },
  (t) => [uniqueIndex('billing_accounts_code_uq').on(t.codeClientBscs), index('billing_accounts_company_idx').on(t.companyId)],
);

/**
 * A billing account's cost centres, in a tree of at most three levels (`idParent` null at the top):
 * the manager's own breakdown of the fleet (« Direction commerciale › Agence de Lyon »). The code is
 * unique in the account; a centre holding lines or sub-centres is not deleted.
 */
export const costCentres = pgTable(
  'cost_centres',
  {
    idCentre: serial('id_centre').primaryKey(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    libelle: text('libelle').notNull(),
    idParent: integer('id_parent').references((): AnyPgColumn => costCentres.idCentre, { onDelete: 'restrict' }),
    creeLe: timestamp('cree_le', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cost_centres_account_code_uq').on(t.idClientBscs, t.code), index('cost_centres_parent_idx').on(t.idParent)],
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
    /** The account's cost centre the line is charged to; null when none is set. */
    idCentre: integer('id_centre').references(() => costCentres.idCentre, { onDelete: 'restrict' }),
    /** The manager's free labels on the line (at most 10, 30 characters each). */
    etiquettes: text('etiquettes').array().notNull().default(sql`'{}'::text[]`),
    /** Roaming barred by the account's manager: no calls, texts or data abroad (decision 053). */
    barrageItinerance: boolean('barrage_itinerance').notNull().default(false),
    /** Calls to international numbers barred by the account's manager (decision 053). */
    barrageInternational: boolean('barrage_international').notNull().default(false),
  },
  (t) => [
    index('contracts_account_numero_idx').on(t.idClientBscs, t.numeroLigne),
    // The public API's pages of an account's lines, in id order (decision 061): an index-only walk to the page, whatever its depth.
    index('contracts_account_id_idx').on(t.idClientBscs, t.idContrat),
    // The usage feed names a line by its number alone.
    index('contracts_numero_idx').on(t.numeroLigne),
    index('contracts_user_idx').on(t.userId),
    index('contracts_centre_idx').on(t.idCentre),
    index('contracts_etiquettes_idx').using('gin', t.etiquettes),
    // A SIM card serves one line: the check before an activation, and this under concurrency.
    uniqueIndex('contracts_iccid_uq').on(t.iccid),
  ],
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
    /** The last authenticated request (idle clock, « dernière activité »): written at most once a minute. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** A customer session opened by a customer-service agent acting for `userId` (agent mode). */
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    /** Why the agent connected (free text or a ticket number), kept with every write they make. */
    agentMotif: text('agent_motif'),
    /** The one billing account an agent's session may reach, whatever else `userId` manages. */
    agentIdClientBscs: integer('agent_id_client_bscs'),
    /**
     * How the user names a session on their security page (decision 055): random, so that it says
     * nothing of the token nor of other users' sessions.
     */
    id: uuid('id').notNull().defaultRandom(),
    /** The User-Agent header of the sign-in (at most 512 characters); null when none was sent. */
    userAgent: text('user_agent'),
    /** The network of the sign-in's address (`203.0.113.0/24`, an IPv6 /48), never the address itself. */
    reseau: text('reseau'),
  },
  (t) => [
    uniqueIndex('sessions_id_uq').on(t.id),
    index('sessions_user_idx').on(t.userId).where(sql`revoked_at is null`),
    // The clean-up finds ended sessions by expiry (platform/cleanup).
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
    /** When the request ended: its link used, replaced by a new code, or found expired by a new request. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('password_reset_email_idx').on(t.email, t.expiresAt),
    // One pending request per address, whatever arrives at once: the second insert is refused.
    uniqueIndex('password_reset_pending_uq').on(t.email).where(sql`used_at is null`),
  ],
);

/**
 * A login e-mail change: confirmed from the new address, cancellable from the old one. A user has
 * one pending request at most: a new one cancels it (the partial unique index holds the rule).
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
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
  },
  (t) => [uniqueIndex('email_change_pending_uq').on(t.userId).where(sql`validated_at is null and cancelled_at is null`)],
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
