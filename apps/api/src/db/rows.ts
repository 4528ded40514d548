/** The rows of a raw query (`db.execute(sql…)`): both drivers, node-postgres and PGlite, answer `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) throw new Error('query answered no rows');
  return result.rows as Row[];
}
