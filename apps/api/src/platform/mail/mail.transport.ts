import nodemailer from 'nodemailer';
import type { MailAttachment } from './mail.templates.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: readonly MailAttachment[];
  /** Extra headers of the message (`X-Request-Id`: the request that queued it). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@smtp.example:587). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, ...mail, attachments: [...mail.attachments] });
    },
    close: () => transporter.close(),
  };
}

/** No SMTP configured: the outbox row is the delivery, read in the development mailbox. */
export const mailboxTransport: MailTransport = {
  kind: 'mailbox',
  send: async () => {},
  close: () => {},
};
