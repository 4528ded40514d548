/**
 * Single sign-on: the customer contexts that the customer-service desktop (VQD) hands over to
 * the one-click entry (section 3: context request, response and update).
 */
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { billingAccounts } from './accounts.ts';

export const ssoClientContexts = pgTable('sso_client_contexts', {
  idContexte: text('id_contexte').primaryKey(),
  idRh: text('id_rh').notNull(),
  urlAppel: text('url_appel').notNull(),
  estConnexionOk: boolean('est_connexion_ok').notNull(),
  email: text('email'),
  idClientLpm: text('id_client_lpm'),
  idCoclico: text('id_coclico'),
  idSouscriptionLpm: text('id_souscription_lpm'),
  typeContexteClient: text('type_contexte_client'),
  /** Filled by the context update once the agent has chosen the customer. */
  estGestionnaire: boolean('est_gestionnaire'),
  idClientBscs: integer('id_client_bscs').references(() => billingAccounts.idClientBscs),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Signed one-click URLs already used (decision 034): a signature opens one session, once; the row
 * can go when the URL's five minutes are over.
 */
export const ssoOneclicUses = pgTable('sso_oneclic_uses', {
  signature: text('signature').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
