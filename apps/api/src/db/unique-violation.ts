/** Whether a database error (or one it caused) is a unique-constraint violation (PostgreSQL 23505, PGlite alike). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
