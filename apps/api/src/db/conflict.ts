/**
 * Errors meaning "two transactions took the same rows in conflicting orders, and this one lost":
 * a deadlock (40P01) or a serialization failure (40001). Nothing is wrong with the request, and
 * nothing was written; the same request again is expected to succeed. Only PostgreSQL raises them
 * (PGlite has one connection). The known lock orders avoid them (decisions 027, 036); one that
 * still escapes is answered 409 DATABASE_CONFLICT, never 500.
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** Seconds a client is told to wait (Retry-After) before sending the same request again. */
export const DATABASE_CONFLICT_RETRY_AFTER_SECONDS = 1;

/** Whether an error, or what it wraps (drizzle puts the driver's error in `cause`), is a deadlock or a serialization failure. */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth <= 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && typeof current.code === 'string' && CONFLICT_CODES.has(current.code)) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
