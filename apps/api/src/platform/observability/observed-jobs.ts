import type { BatchHandler, JobHandler, JobRunner } from '../../core/jobs.ts';
import type { Metrics } from './metrics.ts';
import { currentRequestId, runInContext } from './request-context.ts';

/**
 * Where a job's data carries the id of the request that sent it, when the queue keeps jobs apart
 * from the request (pg-boss): set by `requestTagged` at the sending, taken out by `requestUntagged`
 * before the handler sees the data.
 */
export const JOB_REQUEST_ID = '_requestId';

/** The data to store for a job sent now: with the current request's id, if any. */
export function requestTagged(data: object): object {
  const requestId = currentRequestId();
  return requestId === undefined ? data : { ...data, [JOB_REQUEST_ID]: requestId };
}

/** A stored job's data as its sender gave it, and the id of the request that sent it. */
export function requestUntagged(data: object): { requestId: string | undefined; data: object } {
  if (!(JOB_REQUEST_ID in data)) return { requestId: undefined, data };
  const { [JOB_REQUEST_ID]: requestId, ...rest } = data as Record<string, unknown>;
  return { requestId: typeof requestId === 'string' ? requestId : undefined, data: rest };
}

/**
 * The job queue as the modules get it: every handler runs in a work context of this instance,
 * with the id of the request that sent its job (the queue gives it back: pg-boss from the job's
 * data, the inline queue by running it in the request's own context), so that its log lines, the
 * mails it queues and the jobs it sends carry it; a handler that throws is counted as a failure
 * of its queue. The metrics read the jobs waiting from the queue at each scrape.
 */
export function observedJobs(runner: JobRunner, metrics: Metrics): JobRunner {
  const { waiting } = runner;
  if (waiting) metrics.readFrom({ waitingJobs: () => waiting.call(runner) });

  async function handle(queue: string, work: () => Promise<void>): Promise<void> {
    try {
      await runInContext({ requestId: currentRequestId(), metrics }, work);
    } catch (error) {
      metrics.jobFailed(queue);
      throw error;
    }
  }

  return {
    ...runner,
    start: () => runner.start(),
    stop: () => runner.stop(),
    work<Data extends object>(queue: string, handler: JobHandler<Data>, options?: Parameters<JobRunner['work']>[2]) {
      return runner.work<Data>(queue, (data) => handle(queue, () => handler(data)), options);
    },
    workBatch<Data extends object>(queue: string, handler: BatchHandler<Data>, options: Parameters<JobRunner['workBatch']>[2]) {
      return runner.workBatch<Data>(queue, (items) => handle(queue, () => handler(items)), options);
    },
    send: (queue, data, options) => runner.send(queue, data, options),
    schedule(name, cron, handler) {
      return runner.schedule(name, cron, () => handle(name, handler));
    },
    unschedule: (name) => runner.unschedule(name),
  };
}
