import { and, count, desc, eq, like, type SQL } from 'drizzle-orm';
import type { AdminTicketQuery, SupportTicketStatus } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { supportTickets } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

export type TicketRow = typeof supportTickets.$inferSelect;

/** The support tickets as the back office reads and answers them (decision 030). */
export function createAdminTicketsRepository(db: Database) {
  return {
    /** A page of tickets, newest first, with the status and reference beginning asked for. */
    async page({ statut, reference, page, taille }: Pick<AdminTicketQuery, 'statut' | 'reference' | 'page' | 'taille'>) {
      const filters: SQL[] = [];
      if (statut) filters.push(eq(supportTickets.statut, statut));
      // The reference holds letters, digits and hyphens only (the query's schema): nothing to escape.
      if (reference) filters.push(like(supportTickets.reference, `${reference}%`));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [[total], rows] = await Promise.all([
        db.select({ total: count() }).from(supportTickets).where(where),
        db
          .select()
          .from(supportTickets)
          .where(where)
          .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
          .limit(taille)
          .offset((page - 1) * taille),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    async lockedTicket(reference: string, tx: Transaction): Promise<TicketRow | null> {
      const [row] = await tx.db.select().from(supportTickets).where(eq(supportTickets.reference, reference)).for('update');
      return row ?? null;
    },

    async setStatus(id: number, statut: SupportTicketStatus, at: Date, tx: Transaction): Promise<void> {
      await tx.db.update(supportTickets).set({ statut, updatedAt: at }).where(eq(supportTickets.id, id));
    },
  };
}
export type AdminTicketsRepository = ReturnType<typeof createAdminTicketsRepository>;
