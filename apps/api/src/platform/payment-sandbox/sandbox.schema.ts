/** The payment sandbox's own table: where each hosted page stands, shared by every instance on PostgreSQL (decision 066). */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A sandbox payment page's state, by its transaction: the phase it reached (`CARTE`, `CHALLENGE`,
 * `DECIDEE`), the decision once taken, and the cards typed on it. A row is written at the page's
 * first card or decision (a page with none is `CARTE`), and goes a day after the page expired.
 */
export const paymentSandboxSessions = pgTable(
  'payment_sandbox_sessions',
  {
    transactionReference: text('transaction_reference').primaryKey(),
    phase: text('phase', { enum: ['CARTE', 'CHALLENGE', 'DECIDEE'] }).notNull(),
    outcome: text('outcome', { enum: ['ACCEPTED', 'REFUSED', 'CANCELLED'] }),
    cardAttempts: integer('card_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_sandbox_sessions_expires_idx').on(t.expiresAt)],
);
