import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../core/jobs.ts';
import type { Transact, Transaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Metrics } from '../observability/index.ts';
import { SEND_EMAIL_QUEUE, type SendEmailJob } from './mail.queue.ts';
import type { MailRepository } from './mail.repository.ts';
import type { MailContent } from './mail.templates.ts';
import type { MailTransport } from './mail.transport.ts';

export interface SendMailOptions {
  /**
   * The caller's transaction: the mail is stored and queued with the rows it speaks of (a link,
   * a pending change), and goes out only if they are committed.
   */
  tx?: Transaction;
}

/** `requestId` names the request the current work belongs to (platform/observability), kept on each row it queues. */
export function createMailService(repo: MailRepository, jobs: Jobs, transact: Transact, clock: Clock, requestId: () => string | undefined = () => undefined) {
  async function store(to: string, content: MailContent, tx: Transaction): Promise<number> {
    const id = await repo.insert(
      {
        recipient: to,
        subject: content.subject,
        textBody: content.text,
        htmlBody: content.html,
        attachments: (content.attachments ?? []).map(({ filename, contentType, content: bytes }) => ({
          filename,
          contentType,
          contentBase64: bytes.toString('base64'),
        })),
        createdAt: clock.now(),
        requestId: requestId() ?? null,
      },
      tx,
    );
    await jobs.send(SEND_EMAIL_QUEUE, { id } satisfies SendEmailJob, { tx });
    return id;
  }

  return {
    /**
     * Stores the message in the outbox and queues its delivery, both or neither: in the caller's
     * transaction when given, else in one of its own. Returns the outbox id.
     */
    send(to: string, content: MailContent, { tx }: SendMailOptions = {}): Promise<number> {
      return tx ? store(to, content, tx) : transact((own) => store(to, content, own));
    },
  };
}

/** Beyond a day a mail has long exhausted its retries (SEND_EMAIL_RETRIES: about 15 minutes): no longer a backlog. */
const UNSENT_WINDOW_MS = 24 * 3_600_000;

/** The mails queued in the last day and still unsent, and when the oldest was queued (the metrics' outbox gauges). */
export function unsentMail(repo: MailRepository, clock: Clock): Promise<{ count: number; oldest: Date | null }> {
  return repo.unsentSince(new Date(clock.now().getTime() - UNSENT_WINDOW_MS));
}
export type MailService = ReturnType<typeof createMailService>;

/**
 * The queue's worker: sends one outbox row once; a failure is recorded and rethrown for a retry.
 * The request that queued it is named in its log lines and in the message's X-Request-Id.
 */
export function createMailDelivery(
  repo: MailRepository,
  transport: MailTransport,
  clock: Clock,
  log: FastifyBaseLogger,
  metrics: Pick<Metrics, 'mailDelivered'>,
) {
  return async function deliver(outboxId: number): Promise<void> {
    const mail = await repo.find(outboxId);
    if (!mail || mail.sentAt) return;
    const requestId = mail.requestId ?? undefined;
    try {
      await transport.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        attachments: mail.attachments.map(({ filename, contentType, contentBase64 }) => ({
          filename,
          contentType,
          content: Buffer.from(contentBase64, 'base64'),
        })),
        ...(requestId ? { headers: { 'X-Request-Id': requestId } } : {}),
      });
      await repo.markSent(outboxId, transport.kind, clock.now());
      metrics.mailDelivered('sent');
      log.info({ outboxId, transport: transport.kind, reqId: requestId }, 'mail delivered');
    } catch (error) {
      metrics.mailDelivered('failed');
      log.warn({ err: error, outboxId, reqId: requestId }, 'mail delivery failed, will retry');
      await repo.markFailed(outboxId, error instanceof Error ? error.message : String(error), mail.attempts + 1);
      throw error;
    }
  };
}
