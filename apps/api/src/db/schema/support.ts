/** Support: contact themes, support tickets, appointments. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { billingAccounts, users } from './accounts.ts';

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
    // « Mes demandes » reads a user's requests of every kind.
    index('appointments_user_idx').on(t.userId),
  ],
);
