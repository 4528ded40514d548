/** The usage feed's own table: each record received once, by the mediation system's id (decision 045). */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every usage record counted, kept so that a record sent again is known (its id is the key) and
 * a line's day can be told from its records. A line's totals per day are `line_usage_days`.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    idEvenement: text('id_evenement').primaryKey(),
    // No foreign key, as `line_usage_days` (decision 047): the feed writes only ids it has just read from `contracts`.
    idContrat: integer('id_contrat').notNull(),
    horodatage: timestamp('horodatage', { withTimezone: true }).notNull(),
    type: text('type', { enum: ['DATA', 'VOIX', 'SMS', 'DATA_ITINERANCE', 'VOIX_ITINERANCE'] }).notNull(),
    zone: text('zone', { enum: ['FRANCE', 'UE', 'MONDE'] }).notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull(),
    montantHorsForfaitCentimes: integer('montant_hors_forfait_centimes').notNull(),
    recuLe: timestamp('recu_le', { withTimezone: true }).notNull(),
  },
  (t) => [index('usage_events_contract_time_idx').on(t.idContrat, t.horodatage)],
);
