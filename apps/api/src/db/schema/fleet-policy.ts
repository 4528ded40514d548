/** The fleet policy (decision 051): an account's policy, the approvals of its orders (the demo seed writes them too). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { billingAccounts, users } from './accounts.ts';
import { orders } from './shop.ts';

/** A billing account's policy: no row, no policy. */
export const fleetPolicies = pgTable('fleet_policies', {
  idClientBscs: integer('id_client_bscs')
    .primaryKey()
    .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
  centreObligatoire: boolean('centre_obligatoire').notNull().default(false),
  /** Amount HT at order above which an order waits for a second manager; null: none. */
  seuilValidationHtCentimes: integer('seuil_validation_ht_centimes'),
  modifieLe: timestamp('modifie_le', { withTimezone: true }).notNull(),
});

/** An order held for approval, and what became of it. One per order. */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    idClientBscs: integer('id_client_bscs')
      .notNull()
      .references(() => billingAccounts.idClientBscs, { onDelete: 'cascade' }),
    /** The manager who ordered (null once their user is deleted). */
    demandeurId: integer('demandeur_id').references(() => users.id, { onDelete: 'set null' }),
    statut: text('statut', { enum: ['EN_ATTENTE_VALIDATION', 'APPROUVEE', 'REFUSEE', 'EXPIREE'] })
      .notNull()
      .default('EN_ATTENTE_VALIDATION'),
    montantHtCentimes: integer('montant_ht_centimes').notNull(),
    seuilHtCentimes: integer('seuil_ht_centimes').notNull(),
    demandeLe: timestamp('demande_le', { withTimezone: true }).notNull(),
    expireLe: timestamp('expire_le', { withTimezone: true }).notNull(),
    decideurId: integer('decideur_id').references(() => users.id, { onDelete: 'set null' }),
    decideLe: timestamp('decide_le', { withTimezone: true }),
    motif: text('motif'),
  },
  (t) => [
    index('order_approvals_waiting_idx').on(t.expireLe).where(sql`${t.statut} = 'EN_ATTENTE_VALIDATION'`),
    check('order_approvals_decision_ck', sql`(${t.statut} = 'EN_ATTENTE_VALIDATION') = (${t.decideLe} is null)`),
  ],
);
