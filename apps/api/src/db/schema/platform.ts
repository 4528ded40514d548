/**
 * What every feature leans on: the audit log, server parameters, the mail outbox, rate-limit
 * counters and reference counters.
 */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who did what on which account or contract, from where: every write of the line actions and
 * every PUK or RIO read. Kept without foreign keys, so that an entry outlives its user or line.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The signed-in person who acted (an agent, in agent mode). */
    userId: integer('user_id').notNull(),
    /** The customer user an agent acted for (agent mode); null when users act for themselves. */
    onBehalfOf: integer('on_behalf_of'),
    action: text('action').notNull(),
    idClientBscs: integer('id_client_bscs'),
    idContrat: integer('id_contrat'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    sourceAddress: text('source_address').notNull(),
    /** What changed, for the back office's edits: `{ avant, apres }` (reference data, parameters). */
    details: jsonb('details'),
  },
  (t) => [
    index('audit_log_account_at_idx').on(t.idClientBscs, t.at),
    index('audit_log_contract_at_idx').on(t.idContrat, t.at),
    // A user's security activity (decision 058): their own entries, and those an agent recorded in their name.
    index('audit_log_user_at_idx').on(t.userId, t.at),
    index('audit_log_on_behalf_of_at_idx').on(t.onBehalfOf, t.at),
  ],
);


export const serverParameters = pgTable('server_parameters', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** An e-mail attachment as the outbox keeps it. */
export interface StoredMailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Every e-mail the portal sends, kept as sent (and readable in the development mailbox). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Files sent with the message (a calendar invitation, a customer's attachment), base64. */
    attachments: jsonb('attachments').$type<StoredMailAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** 'smtp' or 'mailbox' (kept for the development mailbox only). */
    transport: text('transport'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The id of the request that queued the message (logs and `X-Request-Id`); null outside a request. */
    requestId: text('request_id'),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);

/** Fixed-window counters of the rate limits when no Redis is configured (lib/rate-limit.ts). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** Points consumed in the window. */
    count: integer('count').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /**
     * End of the window (or of a block, such as a login back-off, whose length is not the
     * limiter's). Null on a row written before the column existed: its window counts as ended.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  // The clean-up finds stale counters by the start of their window (platform/cleanup).
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStart)],
);

/**
 * The last number given in each series and year (Europe/Paris): `SUP` support tickets, `REC`
 * invoice complaints. Taking a number updates the row in the caller's transaction: concurrent
 * takers wait for each other there, and a rolled-back one gives its number back.
 */
export const referenceCounters = pgTable(
  'reference_counters',
  {
    serie: text('serie').notNull(),
    annee: integer('annee').notNull(),
    dernierNumero: integer('dernier_numero').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serie, t.annee] })],
);
