/**
 * The devices a user has signed in from, for the new-device mail (decision 055); here rather than
 * in its module since the clean-up deletes those not seen for 90 days (decision 058).
 */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * One row per user and device + browser combination (`cle`, versions left out, so that a browser
 * update is no new device), with its latest sign-in. Sessions are deleted a week after they end
 * (platform/cleanup), so they cannot say what was seen in the last 90 days; this table can.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cle: text('cle').notNull(),
    vuLe: timestamp('vu_le', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cle] })],
);
