/**
 * The authenticator app of an agent who signs in with a code (the composite login, decision 057):
 * as a user's (totp_factors), keyed by the agent. No recovery codes: a lost app is reset by the
 * back office.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from '../../db/schema/agents.ts';

export const agentTotpFactors = pgTable('agent_totp_factors', {
  agentId: integer('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  /** The base32 secret, sealed with MFA_SECRET_KEY and bound to the agent. */
  secretEncrypted: text('secret_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last accepted time step: no code of it or before is taken again. */
  lastStep: integer('last_step'),
});
