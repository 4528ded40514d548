import { and, asc, desc, eq, gte, lt, lte, max } from 'drizzle-orm';
import type { ReportFrequency, ReportType } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { invoices, reportSendings, scheduledReports, users } from '../../db/schema.ts';

export type ReportRow = typeof scheduledReports.$inferSelect & { creeParNom: string | null; dernierEnvoi: Date | null };
export type SendingRow = typeof reportSendings.$inferSelect;
export type NewSending = Omit<typeof reportSendings.$inferInsert, 'idEnvoi'>;

export function createScheduledReportsRepository(db: Database) {
  const reportColumns = {
    idRapport: scheduledReports.idRapport,
    idClientBscs: scheduledReports.idClientBscs,
    type: scheduledReports.type,
    frequence: scheduledReports.frequence,
    destinataires: scheduledReports.destinataires,
    creePar: scheduledReports.creePar,
    creeLe: scheduledReports.creeLe,
  };

  return {
    /** An account's reports, oldest first, with who scheduled each and its last sending. */
    async reports(idClientBscs: number): Promise<ReportRow[]> {
      const last = db
        .select({ idRapport: reportSendings.idRapport, dernier: max(reportSendings.envoyeLe).as('dernier') })
        .from(reportSendings)
        .where(eq(reportSendings.idClientBscs, idClientBscs))
        .groupBy(reportSendings.idRapport)
        .as('last');
      const rows = await db
        .select({ ...reportColumns, prenom: users.prenom, nom: users.nom, dernierEnvoi: last.dernier })
        .from(scheduledReports)
        .leftJoin(users, eq(users.id, scheduledReports.creePar))
        .leftJoin(last, eq(last.idRapport, scheduledReports.idRapport))
        .where(eq(scheduledReports.idClientBscs, idClientBscs))
        .orderBy(asc(scheduledReports.idRapport));
      return rows.map(({ prenom, nom, dernierEnvoi, ...row }) => ({
        ...row,
        creeParNom: prenom === null ? null : `${prenom} ${nom ?? ''}`.trim(),
        // A max() over timestamps comes back as text on some drivers.
        dernierEnvoi: dernierEnvoi === null ? null : new Date(dernierEnvoi),
      }));
    },

    async report(idRapport: number) {
      const [row] = await db.select(reportColumns).from(scheduledReports).where(eq(scheduledReports.idRapport, idRapport));
      return row ?? null;
    },

    async everyReport() {
      return db.select(reportColumns).from(scheduledReports).orderBy(asc(scheduledReports.idRapport));
    },

    async insertReport(tx: Transaction, report: { idClientBscs: number; type: ReportType; frequence: ReportFrequency; destinataires: string[]; creePar: number; creeLe: Date }) {
      const [row] = await tx.db.insert(scheduledReports).values(report).returning(reportColumns);
      if (!row) throw new Error('report not inserted');
      return row;
    },

    async deleteReport(tx: Transaction, idRapport: number): Promise<boolean> {
      const deleted = await tx.db.delete(scheduledReports).where(eq(scheduledReports.idRapport, idRapport)).returning({ idRapport: scheduledReports.idRapport });
      return deleted.length > 0;
    },

    /** An account's sendings since `since`, the most recent first. */
    async sendings(idClientBscs: number, since: Date): Promise<SendingRow[]> {
      return db
        .select()
        .from(reportSendings)
        .where(and(eq(reportSendings.idClientBscs, idClientBscs), gte(reportSendings.envoyeLe, since)))
        .orderBy(desc(reportSendings.envoyeLe), desc(reportSendings.idEnvoi));
    },

    async sending(idEnvoi: number): Promise<SendingRow | null> {
      const [row] = await db.select().from(reportSendings).where(eq(reportSendings.idEnvoi, idEnvoi));
      return row ?? null;
    },

    async wasSent(idRapport: number, periode: string): Promise<boolean> {
      const [row] = await db
        .select({ idEnvoi: reportSendings.idEnvoi })
        .from(reportSendings)
        .where(and(eq(reportSendings.idRapport, idRapport), eq(reportSendings.periode, periode)));
      return row !== undefined;
    },

    /** Records a sending, unless its report already went for that period: false then. */
    async insertSending(tx: Transaction, sending: NewSending): Promise<boolean> {
      const inserted = await tx.db.insert(reportSendings).values(sending).onConflictDoNothing().returning({ idEnvoi: reportSendings.idEnvoi });
      return inserted.length > 0;
    },

    /** Sendings older than `before`, a batch at a time, and their removal. */
    async oldSendings(before: Date, limit: number) {
      return db.select({ idEnvoi: reportSendings.idEnvoi, cleFichier: reportSendings.cleFichier }).from(reportSendings).where(lt(reportSendings.envoyeLe, before)).limit(limit);
    },

    async deleteSending(idEnvoi: number): Promise<void> {
      await db.delete(reportSendings).where(eq(reportSendings.idEnvoi, idEnvoi));
    },

    /** The account's latest invoice issued on or before `day` (YYYY-MM-DD). */
    async latestInvoiceDay(idClientBscs: number, day: string): Promise<string | null> {
      const [row] = await db
        .select({ dateFacture: invoices.dateFacture })
        .from(invoices)
        .where(and(eq(invoices.idClientBscs, idClientBscs), lte(invoices.dateFacture, day)))
        .orderBy(desc(invoices.dateFacture))
        .limit(1);
      return row?.dateFacture ?? null;
    },
  };
}

export type ScheduledReportsRepository = ReturnType<typeof createScheduledReportsRepository>;
