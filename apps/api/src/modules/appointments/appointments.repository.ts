import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { readLineWithOfferAndAccount } from '../../db/line-reader.ts';
import { appointments, auditLog, billingAccounts, contracts, offers } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** A line as the appointment pages show it. */
export interface AppointmentLineRow {
  idContrat: number;
  idClientBscs: number;
  numeroLigne: string;
  codeStatut: 'ACTIF' | 'SUSPENDU' | 'RESILIE' | 'EN_COURS';
  idGamme: number;
  libelleOffre: string;
  raisonSociale: string;
  telephoneCompte: string;
}

export type AppointmentRow = typeof appointments.$inferSelect & { numeroLigne: string };

const withLine = {
  id: appointments.id,
  idClientBscs: appointments.idClientBscs,
  idContrat: appointments.idContrat,
  typeLigne: appointments.typeLigne,
  userId: appointments.userId,
  debut: appointments.debut,
  motif: appointments.motif,
  telephone: appointments.telephone,
  statut: appointments.statut,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
  numeroLigne: contracts.numeroLigne,
};

/** The audit actions that change an appointment after its booking: each is one revision of its calendar event. */
const REVISIONS = ['DEPLACEMENT_RDV', 'ANNULATION_RDV'];

export function createAppointmentsRepository(db: Database) {
  return {
    line(idContrat: number): Promise<AppointmentLineRow | undefined> {
      return readLineWithOfferAndAccount(db, idContrat, {
        idContrat: contracts.idContrat,
        idClientBscs: contracts.idClientBscs,
        numeroLigne: contracts.numeroLigne,
        codeStatut: contracts.codeStatut,
        idGamme: contracts.idGamme,
        libelleOffre: offers.libelle,
        raisonSociale: billingAccounts.raisonSociale,
        telephoneCompte: billingAccounts.telephone,
      });
    },

    /** The starts of the slots held in [from, to), whichever line holds them (one adviser). */
    async heldStarts(from: Date, to: Date): Promise<Date[]> {
      const rows = await db
        .select({ debut: appointments.debut })
        .from(appointments)
        .where(and(eq(appointments.statut, 'RESERVE'), gte(appointments.debut, from), lt(appointments.debut, to)));
      return rows.map((row) => row.debut);
    },

    /** The line's booked appointments starting after `after`, soonest first. */
    upcoming(idContrat: number, after: Date): Promise<AppointmentRow[]> {
      return db
        .select(withLine)
        .from(appointments)
        .innerJoin(contracts, eq(contracts.idContrat, appointments.idContrat))
        .where(and(eq(appointments.idContrat, idContrat), eq(appointments.statut, 'RESERVE'), gt(appointments.debut, after)))
        .orderBy(asc(appointments.debut));
    },

    async find(idRdv: number, tx?: Transaction): Promise<AppointmentRow | undefined> {
      const [row] = await (tx?.db ?? db)
        .select(withLine)
        .from(appointments)
        .innerJoin(contracts, eq(contracts.idContrat, appointments.idContrat))
        .where(eq(appointments.id, idRdv))
        .limit(1);
      return row;
    },

    /** Holds the line for the rest of the transaction: its bookings are counted one transaction at a time. */
    async lockLine(idContrat: number, tx: Transaction): Promise<void> {
      await tx.db.select({ id: contracts.idContrat }).from(contracts).where(eq(contracts.idContrat, idContrat)).for('update');
    },

    /** Holds the appointment for the rest of the transaction (a move and a cancellation of it wait for each other). */
    async lock(idRdv: number, tx: Transaction): Promise<AppointmentRow | undefined> {
      await tx.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, idRdv)).for('update');
      const [row] = await tx.db
        .select(withLine)
        .from(appointments)
        .innerJoin(contracts, eq(contracts.idContrat, appointments.idContrat))
        .where(eq(appointments.id, idRdv));
      return row;
    },

    async countUpcoming(idContrat: number, after: Date, tx: Transaction): Promise<number> {
      const [row] = await tx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(eq(appointments.idContrat, idContrat), eq(appointments.statut, 'RESERVE'), gt(appointments.debut, after)));
      return Number(row?.n ?? 0);
    },

    /** A new booking; the slot's unique index refuses it (23505) when the slot is already held. */
    async insert(values: typeof appointments.$inferInsert, tx: Transaction): Promise<number> {
      const [row] = await tx.db.insert(appointments).values(values).returning({ id: appointments.id });
      if (!row) throw new Error('appointment not written');
      return row.id;
    },

    /** Moves it; the slot's unique index refuses a slot already held. */
    async move(idRdv: number, debut: Date, at: Date, tx: Transaction): Promise<void> {
      await tx.db.update(appointments).set({ debut, updatedAt: at }).where(eq(appointments.id, idRdv));
    },

    async cancel(idRdv: number, at: Date, tx: Transaction): Promise<void> {
      await tx.db.update(appointments).set({ statut: 'ANNULE', updatedAt: at }).where(eq(appointments.id, idRdv));
    },

    /**
     * How many times the appointment was changed since its booking (moves and its cancellation),
     * from the audit log, which records each with the appointment's id: the SEQUENCE of its
     * calendar event. Read in the changing transaction, after its own entry.
     */
    async revisions(idContrat: number, idRdv: number, tx: Transaction): Promise<number> {
      const [row] = await tx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.idContrat, idContrat), inArray(auditLog.action, REVISIONS), sql`(${auditLog.details} -> 'avant' ->> 'idRdv') = ${String(idRdv)}`));
      return Number(row?.n ?? 0);
    },
  };
}
export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
