export { layoutMail, type MailAttachment, type MailContent } from './mail.templates.ts';
export { createMailDelivery, createMailService, unsentMail, type MailService } from './mail.service.ts';
export { createMailRepository, type MailRepository, type OutboxRow } from './mail.repository.ts';
export { SEND_EMAIL_QUEUE, workMailQueue } from './mail.queue.ts';
export { mailboxTransport, smtpTransport, type MailTransport } from './mail.transport.ts';
