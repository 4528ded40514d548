/** The bill-shock guard's own tables: thresholds, alerts, data freezes (decision 047). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contracts } from '../../db/schema.ts';

/**
 * Thresholds of a billing account (`idClientBscs`) or of one line (`idContrat`), never both. A
 * line without a row follows its account's; an account without one, the portal's defaults.
 */
export const usageThresholds = pgTable(
  'usage_thresholds',
  {
    id: serial('id').primaryKey(),
    idClientBscs: integer('id_client_bscs'),
    idContrat: integer('id_contrat').references(() => contracts.idContrat, { onDelete: 'cascade' }),
    dataPourcentages: integer('data_pourcentages').array().notNull(),
    horsForfaitCentimes: integer('hors_forfait_centimes'),
    itineranceCentimes: integer('itinerance_centimes'),
    action: text('action', { enum: ['ALERTE', 'BLOCAGE_DATA'] }).notNull(),
    prevenirUtilisateur: boolean('prevenir_utilisateur').notNull().default(false),
    modifieLe: timestamp('modifie_le', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('usage_thresholds_account_idx').on(t.idClientBscs).where(sql`${t.idClientBscs} is not null`),
    uniqueIndex('usage_thresholds_contract_idx').on(t.idContrat).where(sql`${t.idContrat} is not null`),
    check('usage_thresholds_owner_check', sql`(${t.idClientBscs} is null) <> (${t.idContrat} is null)`),
  ],
);

/**
 * An alert raised by a line crossing a threshold or the anomaly rule: one per line, type, rule
 * (`cle`: the percentage, the amount, or the anomaly's kind) and billing period.
 */
export const usageAlerts = pgTable(
  'usage_alerts',
  {
    idAlerte: serial('id_alerte').primaryKey(),
    idContrat: integer('id_contrat')
      .notNull()
      .references(() => contracts.idContrat, { onDelete: 'cascade' }),
    idClientBscs: integer('id_client_bscs').notNull(),
    periode: text('periode').notNull(),
    type: text('type', { enum: ['DATA_SEUIL', 'HORS_FORFAIT', 'ITINERANCE', 'ANOMALIE'] }).notNull(),
    cle: text('cle').notNull(),
    seuil: integer('seuil').notNull(),
    valeur: integer('valeur').notNull(),
    unite: text('unite', { enum: ['POURCENT', 'EUROS_HT', 'MO'] }).notNull(),
    declencheeLe: timestamp('declenchee_le', { withTimezone: true }).notNull(),
    statut: text('statut', { enum: ['NOUVELLE', 'VUE', 'RESOLUE'] }).notNull().default('NOUVELLE'),
    blocage: boolean('blocage').notNull().default(false),
  },
  (t) => [
    uniqueIndex('usage_alerts_once_idx').on(t.idContrat, t.type, t.cle, t.periode),
    index('usage_alerts_account_idx').on(t.idClientBscs, t.statut, t.declencheeLe),
  ],
);

/** A line whose data is suspended: by a threshold (`idAlerte`) or by hand, until it is lifted or its period ends. */
export const dataFreezes = pgTable('data_freezes', {
  idContrat: integer('id_contrat')
    .primaryKey()
    .references(() => contracts.idContrat, { onDelete: 'cascade' }),
  /** The billing period it was set in: it ends by itself when the next one starts. */
  periode: text('periode').notNull(),
  depuis: timestamp('depuis', { withTimezone: true }).notNull(),
  cause: text('cause', { enum: ['SEUIL', 'MANUEL'] }).notNull(),
  idAlerte: integer('id_alerte').references(() => usageAlerts.idAlerte, { onDelete: 'set null' }),
});
