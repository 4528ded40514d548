/** Line life: loss and theft declarations, usage, contact opt-ins. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { billingAccounts, contracts, users } from './accounts.ts';

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
 * A line's usage over one day in France, added up from the usage feed's records as they arrive
 * (decision 045): data and voice at home and abroad, SMS, and what went beyond the plan (HT,
 * cents), roaming's share of it apart. A record adds to its day; the day is never recomputed.
 */
export const lineUsageDays = pgTable(
  'line_usage_days',
  {
    // No foreign key (decision 047): its check locked the contract's row for each day written, a
    // write to `contracts` per line fed. The feed writes only ids it has just read there; no line is deleted.
    idContrat: integer('id_contrat').notNull(),
    jour: date('jour', { mode: 'string' }).notNull(),
    dataOctets: bigint('data_octets', { mode: 'number' }).notNull().default(0),
    voixSecondes: bigint('voix_secondes', { mode: 'number' }).notNull().default(0),
    sms: bigint('sms', { mode: 'number' }).notNull().default(0),
    dataItineranceOctets: bigint('data_itinerance_octets', { mode: 'number' }).notNull().default(0),
    voixItineranceSecondes: bigint('voix_itinerance_secondes', { mode: 'number' }).notNull().default(0),
    horsForfaitCentimes: bigint('hors_forfait_centimes', { mode: 'number' }).notNull().default(0),
    itineranceCentimes: bigint('itinerance_centimes', { mode: 'number' }).notNull().default(0),
    /** Records counted in the day. */
    releves: integer('releves').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.idContrat, t.jour] })],
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
