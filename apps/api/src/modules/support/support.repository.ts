import { asc, count, desc, eq } from 'drizzle-orm';
import type { ContactSubTheme, ContactTheme } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { contactSubThemes, contactThemes, supportTickets } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

const themeColumns = { idTheme: contactThemes.idTheme, libelle: contactThemes.libelle, ordre: contactThemes.ordre };
const subThemeColumns = {
  idSousTheme: contactSubThemes.idSousTheme,
  idTheme: contactSubThemes.idTheme,
  libelle: contactSubThemes.libelle,
  ordre: contactSubThemes.ordre,
};

/** A ticket as stored, before its id and status. */
export type NewTicketRow = Omit<typeof supportTickets.$inferInsert, 'id' | 'statut'>;

/** What the customer's list shows of a ticket. */
const listColumns = {
  reference: supportTickets.reference,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  theme: supportTickets.theme,
  sousTheme: supportTickets.sousTheme,
  objet: supportTickets.objet,
  statut: supportTickets.statut,
  pieceJointeNom: supportTickets.pieceJointeNom,
  pieceJointeType: supportTickets.pieceJointeType,
  pieceJointeTaille: supportTickets.pieceJointeTaille,
};

/** A ticket as its sender's list reads it. */
export type TicketListRow = Pick<typeof supportTickets.$inferSelect, keyof typeof listColumns>;

/** Reads run on their own; writes take the transaction they belong to (core.transaction). */
export function createSupportRepository(db: Database) {
  return {
    themes(): Promise<ContactTheme[]> {
      return db.select(themeColumns).from(contactThemes).orderBy(asc(contactThemes.ordre), asc(contactThemes.idTheme));
    },

    async theme(idTheme: number): Promise<ContactTheme | undefined> {
      const [row] = await db.select(themeColumns).from(contactThemes).where(eq(contactThemes.idTheme, idTheme)).limit(1);
      return row;
    },

    subThemes(idTheme: number): Promise<ContactSubTheme[]> {
      return db
        .select(subThemeColumns)
        .from(contactSubThemes)
        .where(eq(contactSubThemes.idTheme, idTheme))
        .orderBy(asc(contactSubThemes.ordre), asc(contactSubThemes.idSousTheme));
    },

    async insertTicket(ticket: NewTicketRow, tx: Transaction): Promise<void> {
      await tx.db.insert(supportTickets).values(ticket);
    },

    /** A page of the user's own tickets, newest first, and how many they have. */
    async page(userId: number, { page, taille }: { page: number; taille: number }) {
      const mine = eq(supportTickets.userId, userId);
      const [[total], rows] = await Promise.all([
        db.select({ total: count() }).from(supportTickets).where(mine),
        db
          .select(listColumns)
          .from(supportTickets)
          .where(mine)
          .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
          .limit(taille)
          .offset((page - 1) * taille),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
