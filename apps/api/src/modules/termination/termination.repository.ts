import { and, asc, count, eq, inArray, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { readLineWithOfferAndAccount } from '../../db/line-reader.ts';
import { euros, invoiceDueDate, invoiceReference, type TerminationFees } from '@ecare/shared';
import { issueInvoice } from '../invoices/index.ts';
import {
  billingAccounts,
  contracts,
  offers,
  terminationAttachments,
  terminationDrafts,
  terminationReasons,
  terminations,
} from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

export type ReasonRow = typeof terminationReasons.$inferSelect;
export type TerminationRow = typeof terminations.$inferSelect;
export type AttachmentRow = typeof terminationAttachments.$inferSelect;
export type DraftRow = typeof terminationDrafts.$inferSelect;

/** What a termination needs to know of a line. */
export interface TerminationLine {
  idContrat: number;
  idClientBscs: number;
  numeroLigne: string;
  codeStatut: 'ACTIF' | 'SUSPENDU' | 'RESILIE' | 'EN_COURS';
  dateFinEngagement: string | null;
  datePortabiliteSortante: string | null;
  libelleOffre: string;
  mensualiteHtCentimes: number;
  /** The plan's commitment in months (0, 12 or 24): the fees bill in full until its 12th month. */
  dureeEngagementMois: number;
  raisonSociale: string;
  codeClientBscs: string;
}

/** The closing invoice as the webhooks' `facture.emise` says it (amounts in euros). */
export interface ClosingInvoice {
  referenceNumber: string;
  dateFacture: string;
  dateEcheance: string;
  montantHT: number;
  montantTVA: number;
  montantTTC: number;
  resteAPayer: number;
}

/** A termination done: the line ended (from which status), and its closing invoice, if any. */
export interface CompletedTermination {
  idClientBscs: number;
  idContrat: number;
  numeroLigne: string;
  statutPrecedent: TerminationLine['codeStatut'];
  closingInvoice: ClosingInvoice | null;
}

/**
 * The fees of a termination, billed on its effective date in an invoice of their own (decision
 * 031): one charge per fee line, due like any invoice, by direct debit when the account pays so.
 * Nothing is billed when the fees were waived.
 */
async function issueClosingInvoice(termination: TerminationRow, numeroLigne: string | null, today: string, tx: Transaction): Promise<ClosingInvoice | null> {
  const ttc = termination.fraisHtCentimes + termination.fraisTvaCentimes;
  if (ttc <= 0) return null;
  const { lignes } = termination.detailFrais as TerminationFees;
  const referenceNumber = `${invoiceReference(termination.idClientBscs, today)}-R${termination.idResiliation}`;
  const dateEcheance = invoiceDueDate(today);
  await issueInvoice(
    tx,
    {
      idClientBscs: termination.idClientBscs,
      referenceNumber,
      dateFacture: today,
      dateEcheance,
      periodeDebut: today,
      periodeFin: today,
      montantHtCentimes: termination.fraisHtCentimes,
      montantTvaCentimes: termination.fraisTvaCentimes,
      montantTtcCentimes: ttc,
      resteAPayerCentimes: ttc,
    },
    lignes
      .filter((item) => item.montantHtCentimes !== 0)
      .map((item) => ({
        idContrat: termination.idContrat,
        numeroLigne,
        nature: item.montantHtCentimes < 0 ? ('REMISE' as const) : ('PONCTUEL' as const),
        libelle: item.libelle,
        montantHtCentimes: item.montantHtCentimes,
      })),
  );
  const montantTTC = euros(ttc);
  return { referenceNumber, dateFacture: today, dateEcheance, montantHT: euros(termination.fraisHtCentimes), montantTVA: euros(termination.fraisTvaCentimes), montantTTC, resteAPayer: montantTTC };
}

/** Rows completed by the scheduled job per run, each in its own transaction. */
export const DUE_BATCH_SIZE = 200;

export function createTerminationRepository(db: Database) {
  return {
    async reasons(): Promise<ReasonRow[]> {
      return db.select().from(terminationReasons).orderBy(asc(terminationReasons.ordre), asc(terminationReasons.idMotif));
    },

    async reason(idMotif: number): Promise<ReasonRow | undefined> {
      const [row] = await db.select().from(terminationReasons).where(eq(terminationReasons.idMotif, idMotif)).limit(1);
      return row;
    },

    line(idContrat: number): Promise<TerminationLine | undefined> {
      return readLineWithOfferAndAccount(db, idContrat, {
        idContrat: contracts.idContrat,
        idClientBscs: contracts.idClientBscs,
        numeroLigne: contracts.numeroLigne,
        codeStatut: contracts.codeStatut,
        dateFinEngagement: contracts.dateFinEngagement,
        datePortabiliteSortante: contracts.datePortabiliteSortante,
        libelleOffre: offers.libelle,
        mensualiteHtCentimes: offers.prixMensuelCentimes,
        dureeEngagementMois: offers.engagementMois,
        raisonSociale: billingAccounts.raisonSociale,
        codeClientBscs: billingAccounts.codeClientBscs,
      });
    },

    /** Lines of the account, other than `idContrat`, that stay once scheduled terminations are done. */
    async otherLinesStaying(idClientBscs: number, idContrat: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contracts)
        .where(
          and(
            eq(contracts.idClientBscs, idClientBscs),
            ne(contracts.idContrat, idContrat),
            ne(contracts.codeStatut, 'RESILIE'),
            notExists(
              db
                .select({ one: sql`1` })
                .from(terminations)
                .where(and(eq(terminations.idContrat, contracts.idContrat), eq(terminations.statut, 'PROGRAMMEE'))),
            ),
          ),
        );
      return row?.n ?? 0;
    },

    async scheduledFor(idContrat: number): Promise<TerminationRow | undefined> {
      const [row] = await db
        .select()
        .from(terminations)
        .where(and(eq(terminations.idContrat, idContrat), eq(terminations.statut, 'PROGRAMMEE')))
        .limit(1);
      return row;
    },

    async find(idResiliation: number): Promise<TerminationRow | undefined> {
      const [row] = await db.select().from(terminations).where(eq(terminations.idResiliation, idResiliation)).limit(1);
      return row;
    },

    async findByIdempotencyKey(demandePar: number, idempotencyKey: string): Promise<TerminationRow | undefined> {
      const [row] = await db
        .select()
        .from(terminations)
        .where(and(eq(terminations.demandePar, demandePar), eq(terminations.idempotencyKey, idempotencyKey)))
        .limit(1);
      return row;
    },

    async insert(row: typeof terminations.$inferInsert, tx: Transaction): Promise<TerminationRow> {
      const [created] = await tx.db.insert(terminations).values(row).returning();
      if (!created) throw new Error('termination not created');
      return created;
    },

    /** Cancels a scheduled request, once: false when it was no longer scheduled. */
    async cancel(idResiliation: number, by: number, at: Date, tx: Transaction): Promise<boolean> {
      const rows = await tx.db
        .update(terminations)
        .set({ statut: 'ANNULEE', cancelledAt: at, cancelledBy: by })
        .where(and(eq(terminations.idResiliation, idResiliation), eq(terminations.statut, 'PROGRAMMEE')))
        .returning({ id: terminations.idResiliation });
      return rows.length === 1;
    },

    /** Scheduled requests whose effective date is `today` or past, oldest first. */
    async due(today: string, limit = DUE_BATCH_SIZE): Promise<Pick<TerminationRow, 'idResiliation' | 'idContrat'>[]> {
      return db
        .select({ idResiliation: terminations.idResiliation, idContrat: terminations.idContrat })
        .from(terminations)
        .where(and(eq(terminations.statut, 'PROGRAMMEE'), lte(terminations.dateEffet, today)))
        .orderBy(asc(terminations.dateEffet), asc(terminations.idResiliation))
        .limit(limit);
    },

    /**
     * Ends the line of a due request, marks it done and bills its fees, once (a concurrent run
     * finds it done: null).
     */
    async complete(idResiliation: number, today: string, at: Date, tx: Transaction): Promise<CompletedTermination | null> {
      const [done] = await tx.db
        .update(terminations)
        .set({ statut: 'EFFECTUEE', effectueeAt: at })
        .where(and(eq(terminations.idResiliation, idResiliation), eq(terminations.statut, 'PROGRAMMEE'), lte(terminations.dateEffet, today)))
        .returning();
      if (!done) return null;
      const [before] = await tx.db.select({ codeStatut: contracts.codeStatut }).from(contracts).where(eq(contracts.idContrat, done.idContrat)).for('update');
      const [line] = await tx.db
        .update(contracts)
        .set({ codeStatut: 'RESILIE' })
        .where(eq(contracts.idContrat, done.idContrat))
        .returning({ numeroLigne: contracts.numeroLigne });
      const closingInvoice = await issueClosingInvoice(done, line?.numeroLigne ?? null, today, tx);
      const numeroLigne = line?.numeroLigne ?? '';
      return { idClientBscs: done.idClientBscs, idContrat: done.idContrat, numeroLigne, statutPrecedent: before?.codeStatut ?? 'ACTIF', closingInvoice };
    },

    async insertAttachment(row: typeof terminationAttachments.$inferInsert, tx: Transaction): Promise<AttachmentRow> {
      const [created] = await tx.db.insert(terminationAttachments).values(row).returning();
      if (!created) throw new Error('attachment not recorded');
      return created;
    },

    async attachment(cle: string): Promise<AttachmentRow | undefined> {
      const [row] = await db.select().from(terminationAttachments).where(eq(terminationAttachments.cle, cle)).limit(1);
      return row;
    },

    /** Proofs uploaded for the line and not yet sent with a request. */
    async pendingAttachments(idContrat: number, tx?: Transaction): Promise<number> {
      const [row] = await (tx?.db ?? db)
        .select({ n: count() })
        .from(terminationAttachments)
        .where(and(eq(terminationAttachments.idContrat, idContrat), isNull(terminationAttachments.idResiliation)));
      return row?.n ?? 0;
    },

    /** Holds the line until the transaction ends: proofs recorded for it at once count in turn. */
    async lockLine(idContrat: number, tx: Transaction): Promise<void> {
      await tx.db.select({ idContrat: contracts.idContrat }).from(contracts).where(eq(contracts.idContrat, idContrat)).for('update');
    },

    async deleteAttachment(cle: string, tx: Transaction): Promise<boolean> {
      const rows = await tx.db
        .delete(terminationAttachments)
        .where(and(eq(terminationAttachments.cle, cle), isNull(terminationAttachments.idResiliation)))
        .returning({ id: terminationAttachments.id });
      return rows.length === 1;
    },

    /** Attaches the named pending proofs of the line to the request: how many were. */
    async attach(cles: readonly string[], line: { idContrat: number; idClientBscs: number }, idResiliation: number, tx: Transaction): Promise<number> {
      if (cles.length === 0) return 0;
      const rows = await tx.db
        .update(terminationAttachments)
        .set({ idResiliation })
        .where(
          and(
            inArray(terminationAttachments.cle, [...cles]),
            eq(terminationAttachments.idContrat, line.idContrat),
            eq(terminationAttachments.idClientBscs, line.idClientBscs),
            isNull(terminationAttachments.idResiliation),
          ),
        )
        .returning({ id: terminationAttachments.id });
      return rows.length;
    },

    /** The person's draft of the line's termination, and the proofs they uploaded for it, not sent yet. */
    async draft(userId: number, idContrat: number): Promise<{ draft: DraftRow | undefined; proofs: AttachmentRow[] }> {
      const [[draft], proofs] = await Promise.all([
        db
          .select()
          .from(terminationDrafts)
          .where(and(eq(terminationDrafts.userId, userId), eq(terminationDrafts.idContrat, idContrat))),
        db
          .select()
          .from(terminationAttachments)
          .where(and(eq(terminationAttachments.idContrat, idContrat), eq(terminationAttachments.uploadedBy, userId), isNull(terminationAttachments.idResiliation)))
          .orderBy(asc(terminationAttachments.id)),
      ]);
      return { draft, proofs };
    },

    async saveDraft(row: DraftRow): Promise<void> {
      const { idMotif, idSousMotif, dateEffet, commentaire, updatedAt } = row;
      await db
        .insert(terminationDrafts)
        .values(row)
        .onConflictDoUpdate({ target: [terminationDrafts.userId, terminationDrafts.idContrat], set: { idMotif, idSousMotif, dateEffet, commentaire, updatedAt } });
    },

    /** The request is sent: its draft has served. */
    async deleteDraft(userId: number, idContrat: number, tx: Transaction): Promise<void> {
      await tx.db.delete(terminationDrafts).where(and(eq(terminationDrafts.userId, userId), eq(terminationDrafts.idContrat, idContrat)));
    },

    async attachmentsOf(idResiliation: number): Promise<AttachmentRow[]> {
      return db
        .select()
        .from(terminationAttachments)
        .where(eq(terminationAttachments.idResiliation, idResiliation))
        .orderBy(asc(terminationAttachments.id));
    },
  };
}
export type TerminationRepository = ReturnType<typeof createTerminationRepository>;
