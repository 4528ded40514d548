/**
 * Concurrency probes for the API tests: N requests released together, and a tally of their
 * answers. On PostgreSQL the requests really overlap (the pool hands each its own connection);
 * on PGlite the one connection takes their statements in turn, so the same test checks the
 * answers stay right when the interleaving is the database's.
 */

/**
 * Makes `count` requests with `request(index)` and releases them together: every request is
 * built first and none starts before the last one is built, so the first cannot finish before
 * the last has begun. The answers come back in the order of their indexes; a request that
 * throws rejects the whole call after the others have settled.
 */
export async function releasedTogether<T>(count: number, request: (index: number) => Promise<T>): Promise<T[]> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const started = Array.from({ length: count }, (_, index) => gate.then(() => request(index)));
  release();
  const settled = await Promise.allSettled(started);
  const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}

/** How many answers had each status: `{ 201: 1, 409: 9 }`, for one readable assertion. */
export function statusTally(answers: readonly { statusCode: number }[]): Record<number, number> {
  const tally: Record<number, number> = {};
  for (const { statusCode } of answers) tally[statusCode] = (tally[statusCode] ?? 0) + 1;
  return tally;
}
