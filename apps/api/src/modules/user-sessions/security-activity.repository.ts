import { and, desc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/**
 * The audit entries of one user's security events (decision 058): those they recorded themselves
 * (`user_id` theirs, no `on_behalf_of`), and those an agent recorded in their name
 * (`on_behalf_of` theirs, `user_id` the agent's: agents' ids are another sequence, so an agent's
 * own entries never read as a user's).
 */
export function createSecurityActivityRepository(db: Database) {
  return {
    async recent(userId: number, actions: readonly string[], since: Date, limit: number) {
      return db
        .select({
          action: auditLog.action,
          at: auditLog.at,
          onBehalfOf: auditLog.onBehalfOf,
          sourceAddress: auditLog.sourceAddress,
          details: auditLog.details,
        })
        .from(auditLog)
        .where(
          and(
            or(and(eq(auditLog.userId, userId), isNull(auditLog.onBehalfOf)), eq(auditLog.onBehalfOf, userId)),
            inArray(auditLog.action, [...actions]),
            gte(auditLog.at, since),
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },
  };
}
export type SecurityActivityRepository = ReturnType<typeof createSecurityActivityRepository>;
