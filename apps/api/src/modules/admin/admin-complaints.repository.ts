import { and, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { AdminComplaintQuery, ComplaintDecision, InvoiceComplaintStatus } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { billingAccounts, contracts, creditNotes, invoiceComplaints, invoices, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** A complaint with its invoice, account, sender and the numbers of the lines it names. */
const columns = {
  id: invoiceComplaints.id,
  reference: invoiceComplaints.reference,
  createdAt: invoiceComplaints.createdAt,
  updatedAt: invoiceComplaints.updatedAt,
  motif: invoiceComplaints.motif,
  message: invoiceComplaints.message,
  statut: invoiceComplaints.statut,
  decision: invoiceComplaints.decision,
  decisionMotif: invoiceComplaints.decisionMotif,
  avoir: sql<string | null>`(select ${creditNotes.reference} from ${creditNotes} where ${creditNotes.complaintId} = ${invoiceComplaints.id})`,
  invoiceId: invoiceComplaints.invoiceId,
  idClientBscs: invoiceComplaints.idClientBscs,
  userId: invoiceComplaints.userId,
  referenceNumber: invoices.referenceNumber,
  dateFacture: invoices.dateFacture,
  montantHtCentimes: invoices.montantHtCentimes,
  montantTtcCentimes: invoices.montantTtcCentimes,
  codeClientBscs: billingAccounts.codeClientBscs,
  raisonSociale: billingAccounts.raisonSociale,
  /** The account's contact, should the user who filed it be gone. */
  compte: { prenom: billingAccounts.prenom, nom: billingAccounts.nom, email: billingAccounts.email },
  expediteur: { prenom: users.prenom, nom: users.nom, email: users.email },
  numeros: sql<string[]>`array(select ${contracts.numeroLigne} from ${contracts} where ${contracts.idContrat} = any(${invoiceComplaints.lignes}) order by ${contracts.numeroLigne})`,
};

function withDetails(db: Database) {
  return db
    .select(columns)
    .from(invoiceComplaints)
    .innerJoin(invoices, eq(invoices.id, invoiceComplaints.invoiceId))
    .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, invoiceComplaints.idClientBscs))
    .leftJoin(users, eq(users.id, invoiceComplaints.userId))
    .$dynamic();
}

export type ComplaintRow = Awaited<ReturnType<ReturnType<typeof withDetails>['execute']>>[number];

/** Invoice complaints as the back office reads and answers them (decision 030). */
export function createAdminComplaintsRepository(db: Database) {
  return {
    /** A page of complaints, newest first, with the status and reference beginning asked for. */
    async page({ statut, reference, page, taille }: Pick<AdminComplaintQuery, 'statut' | 'reference' | 'page' | 'taille'>) {
      const filters: SQL[] = [];
      if (statut) filters.push(eq(invoiceComplaints.statut, statut));
      // The reference holds letters, digits and hyphens only (the query's schema): nothing to escape.
      if (reference) filters.push(like(invoiceComplaints.reference, `${reference}%`));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [[total], rows] = await Promise.all([
        db.select({ total: count() }).from(invoiceComplaints).where(where),
        withDetails(db)
          .where(where)
          .orderBy(desc(invoiceComplaints.createdAt), desc(invoiceComplaints.id))
          .limit(taille)
          .offset((page - 1) * taille),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** The complaint, its row locked until the transaction ends. */
    async lockedComplaint(reference: string, tx: Transaction): Promise<ComplaintRow | null> {
      const [row] = await withDetails(tx.db).where(eq(invoiceComplaints.reference, reference)).for('update', { of: invoiceComplaints });
      return row ?? null;
    },

    async setStatus(id: number, statut: InvoiceComplaintStatus, at: Date, tx: Transaction): Promise<void> {
      await tx.db.update(invoiceComplaints).set({ statut, updatedAt: at }).where(eq(invoiceComplaints.id, id));
    },

    /** Records the decision, once: the complaint is then treated. */
    async decide(id: number, decision: ComplaintDecision, motif: string, at: Date, tx: Transaction): Promise<void> {
      await tx.db.update(invoiceComplaints).set({ decision, decisionMotif: motif, statut: 'TRAITEE', updatedAt: at }).where(eq(invoiceComplaints.id, id));
    },
  };
}
export type AdminComplaintsRepository = ReturnType<typeof createAdminComplaintsRepository>;
