export { layoutMail, type MailContent } from './mail.templates.ts';
export { createMailDelivery, createMailService, type MailService } from './mail.service.ts';
export { createMailRepository, type MailRepository, type OutboxRow } from './mail.repository.ts';
export { inlineMailQueue, pgBossMailQueue, type MailQueue } from './mail.queue.ts';
export { mailboxTransport, smtpTransport, type MailTransport } from './mail.transport.ts';
