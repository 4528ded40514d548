/**
 * Scheduled reports (decision 052): what a manager asked for, and each sending, whose workbook
 * the file store keeps for a year (`cleFichier`, kind `rapports`).
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { billingAccounts, users } from './accounts.ts';

export const scheduledReports = pgTable(
  'scheduled_reports',
  {
    idRapport: serial('id_rapport').primaryKey(),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    type: text('type', { enum: ['FLOTTE', 'FACTURE_CENTRES'] }).notNull(),
    frequence: text('frequence', { enum: ['MENSUELLE', 'HEBDOMADAIRE'] }).notNull(),
    /** Addresses of the company's domain, besides the account's managers. */
    destinataires: text('destinataires').array().notNull(),
    creePar: integer('cree_par').references(() => users.id, { onDelete: 'set null' }),
    creeLe: timestamp('cree_le', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('scheduled_reports_kind_uq').on(t.idClientBscs, t.type, t.frequence)],
);

export const reportSendings = pgTable(
  'report_sendings',
  {
    idEnvoi: serial('id_envoi').primaryKey(),
    idRapport: integer('id_rapport').references(() => scheduledReports.idRapport, { onDelete: 'set null' }),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    type: text('type', { enum: ['FLOTTE', 'FACTURE_CENTRES'] }).notNull(),
    /** `YYYY-MM` (monthly: the invoice's month) or `YYYY-Www` (weekly): a report goes once a period. */
    periode: text('periode').notNull(),
    envoyeLe: timestamp('envoye_le', { withTimezone: true }).notNull(),
    destinataires: text('destinataires').array().notNull(),
    nomFichier: text('nom_fichier').notNull(),
    taille: integer('taille').notNull(),
    /** The workbook's key in the file store (kind `rapports`). */
    cleFichier: text('cle_fichier').notNull(),
  },
  (t) => [uniqueIndex('report_sendings_once_uq').on(t.idRapport, t.periode), index('report_sendings_account_idx').on(t.idClientBscs, t.envoyeLe)],
);
