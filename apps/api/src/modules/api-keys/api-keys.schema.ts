/** The public API's credentials: the keys a manager creates and the bearer tokens they are traded for (decision 061). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A key of one billing account: `prefixe` (shown, unique) finds it, `secretHash` (SHA-256 of the
 * whole key) proves it; the key itself is never stored. Active while not revoked and not expired.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    idCle: uuid('id_cle').primaryKey(),
    idClientBscs: integer('id_client_bscs').notNull(),
    libelle: text('libelle').notNull(),
    prefixe: text('prefixe').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    portees: text('portees').array().notNull(),
    creeLe: timestamp('cree_le', { withTimezone: true }).notNull(),
    creePar: text('cree_par').notNull(),
    creeParUserId: integer('cree_par_user_id'),
    /** The first instant the key no longer works (the day after `expireLe`, midnight in Paris). */
    expireA: timestamp('expire_a', { withTimezone: true }).notNull(),
    expireLe: text('expire_le').notNull(),
    derniereUtilisation: timestamp('derniere_utilisation', { withTimezone: true }),
    revoqueeLe: timestamp('revoquee_le', { withTimezone: true }),
    revoqueePar: text('revoquee_par'),
  },
  (t) => [index('api_keys_account_idx').on(t.idClientBscs).where(sql`${t.revoqueeLe} is null`)],
);

/** A bearer token of the client credentials grant: stored hashed, an hour long, void with its key. */
export const apiAccessTokens = pgTable(
  'api_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    idCle: uuid('id_cle')
      .notNull()
      .references(() => apiKeys.idCle, { onDelete: 'cascade' }),
    expireA: timestamp('expire_a', { withTimezone: true }).notNull(),
  },
  (t) => [index('api_access_tokens_expiry_idx').on(t.expireA)],
);
