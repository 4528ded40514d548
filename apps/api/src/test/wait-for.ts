/** What a condition gives while it does not hold yet. */
type NotYet = undefined | null | false;

export interface WaitForOptions {
  /** How long the condition has to come true; past it the wait fails. */
  timeoutMs?: number;
  /** Pause between two checks. */
  intervalMs?: number;
  /** What is awaited, for the timeout's message. */
  what?: string;
}

/**
 * Checks `condition` until it gives a value (anything but undefined, null or false) and returns
 * that value, or fails once `timeoutMs` has passed. For work that ends after the answer (mails
 * the queue sends, a database thread restarting): the test goes on as soon as it is done, and
 * a check that throws fails the test at once.
 */
export async function waitFor<T>(
  condition: () => T | NotYet | Promise<T | NotYet>,
  { timeoutMs = 10_000, intervalMs = 20, what = 'the condition' }: WaitForOptions = {},
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== null && value !== false) return value;
    const left = deadline - performance.now();
    if (left <= 0) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, left)));
  }
}
