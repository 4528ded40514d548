import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { MailQueue } from './mail.queue.ts';
import type { MailRepository } from './mail.repository.ts';
import type { MailContent } from './mail.templates.ts';
import type { MailTransport } from './mail.transport.ts';

export function createMailService(repo: MailRepository, queue: MailQueue, clock: Clock) {
  return {
    /** Stores the message in the outbox, then queues its delivery. */
    async send(to: string, content: MailContent): Promise<number> {
      const id = await repo.insert({
        recipient: to,
        subject: content.subject,
        textBody: content.text,
        htmlBody: content.html,
        createdAt: clock.now(),
      });
      await queue.enqueue(id);
      return id;
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;

/** The queue's worker: sends one outbox row once; a failure is recorded and rethrown for a retry. */
export function createMailDelivery(repo: MailRepository, transport: MailTransport, clock: Clock, log: FastifyBaseLogger) {
  return async function deliver(outboxId: number): Promise<void> {
    const mail = await repo.find(outboxId);
    if (!mail || mail.sentAt) return;
    try {
      await transport.send({ to: mail.recipient, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
      await repo.markSent(outboxId, transport.kind, clock.now());
    } catch (error) {
      log.warn({ err: error, outboxId }, 'mail delivery failed, will retry');
      await repo.markFailed(outboxId, error instanceof Error ? error.message : String(error), mail.attempts + 1);
      throw error;
    }
  };
}
