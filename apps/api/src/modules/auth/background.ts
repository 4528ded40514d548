import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a response must not wait for: what it does depends on whether the identifier exists
 * (an e-mail to its owner), and waiting for it would tell a caller by the answer's timing.
 * Failures are logged; closing the app waits for what is under way.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(what: string, task: () => Promise<void>): void {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
