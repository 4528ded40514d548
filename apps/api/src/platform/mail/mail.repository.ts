import { and, count, desc, eq, gt, isNull, min } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailOutbox, type StoredMailAttachment } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

export function createMailRepository(db: Database) {
  return {
    async insert(
      mail: {
        recipient: string;
        subject: string;
        textBody: string;
        htmlBody: string;
        attachments: StoredMailAttachment[];
        createdAt: Date;
        requestId: string | null;
      },
      tx: Transaction,
    ) {
      const [row] = await tx.db.insert(emailOutbox).values(mail).returning({ id: emailOutbox.id });
      if (!row) throw new Error('outbox row not written');
      return row.id;
    },
    async find(id: number) {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
      return row;
    },
    async markSent(id: number, transport: string, at: Date) {
      await db.update(emailOutbox).set({ sentAt: at, transport }).where(eq(emailOutbox.id, id));
    },
    async markFailed(id: number, error: string, attempts: number) {
      await db.update(emailOutbox).set({ lastError: error.slice(0, 500), attempts }).where(eq(emailOutbox.id, id));
    },
    /** The rows queued since `since` still unsent, and when the oldest of them was queued (by the created_at index). */
    async unsentSince(since: Date): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({ count: count(), oldest: min(emailOutbox.createdAt) })
        .from(emailOutbox)
        .where(and(gt(emailOutbox.createdAt, since), isNull(emailOutbox.sentAt)));
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
    },
    latest(limit: number) {
      return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
export type OutboxRow = NonNullable<Awaited<ReturnType<MailRepository['find']>>>;
