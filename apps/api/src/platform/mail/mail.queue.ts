import { type Jobs, type QueueOptions } from '../../core/jobs.ts';

/** The job that delivers one outbox row. */
export const SEND_EMAIL_QUEUE = 'send-email';
export interface SendEmailJob {
  id: number;
}

/** An SMTP server that refuses a mail is tried again 5 times, from 30 s apart, doubling. */
const SEND_EMAIL_RETRIES: QueueOptions = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true };

/** Works the delivery queue on the core's job queue. */
export function workMailQueue(jobs: Jobs, deliver: (outboxId: number) => Promise<void>): Promise<void> {
  return jobs.work<SendEmailJob>(SEND_EMAIL_QUEUE, (job) => deliver(job.id), SEND_EMAIL_RETRIES);
}

