/** Customer-service agents and their sessions. */
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
