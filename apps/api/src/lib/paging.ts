/**
 * A page of a list read with `read`; a page past the end answers the last one (read again), so
 * that a list that shrank between two clicks still shows something.
 */
export async function pageOrLast<Row>(
  query: { page: number; taille: number },
  read: (page: number) => Promise<{ rows: Row[]; total: number }>,
): Promise<{ rows: Row[]; total: number; page: number }> {
  const first = await read(query.page);
  const last = Math.max(1, Math.ceil(first.total / query.taille));
  if (query.page <= last) return { ...first, page: query.page };
  return { ...(await read(last)), page: last };
}
