import {
  emailDomain,
  isoWeekOf,
  REPORT_SENDINGS_KEPT_MONTHS,
  type ReportSending,
  type ReportType,
  type ScheduledReport,
  type ScheduledReportRequest,
  type ScheduledReportsAnswer,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import type { Actor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import type { Jobs } from '../../core/jobs.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { AttachmentStore } from '../../lib/attachments/store.ts';
import { fail } from '../../lib/errors.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import type { ScheduledReportsMails } from './scheduled-reports.mails.ts';
import type { ReportRow, ScheduledReportsRepository, SendingRow } from './scheduled-reports.repository.ts';

export const SEND_REPORT_QUEUE = 'scheduled-reports.send';
/** One report for one period: what a sending job carries. */
export interface SendReportJob {
  idRapport: number;
  periode: string;
}

/** What makes a report's workbook: the account's data as of now, as XLSX bytes. */
export type ReportProducer = (idClientBscs: number, now: Date) => AsyncIterable<Buffer>;

export interface ScheduledReportsDeps extends ServiceCore {
  repo: ScheduledReportsRepository;
  jobs: Jobs;
  mails: ScheduledReportsMails;
  /** The file store's kind for reports (`files.rapports`). */
  store: AttachmentStore;
  producers: Readonly<Record<ReportType, ReportProducer>>;
}

/** A workbook above this size goes as a link to the portal rather than attached. */
export const ATTACHED_MAX_BYTES = 5 * 1024 * 1024;
/** Old sendings removed a batch at a time. */
const FORGET_BATCH = 500;

const FILE_PREFIXES: Record<ReportType, string> = { FLOTTE: 'parc-lignes', FACTURE_CENTRES: 'facture-centres-de-cout' };

function reportOf(row: ReportRow): ScheduledReport {
  return {
    idRapport: row.idRapport,
    type: row.type,
    frequence: row.frequence,
    destinataires: row.destinataires,
    creeLe: row.creeLe.toISOString(),
    creePar: row.creeParNom ?? 'Un ancien gestionnaire',
    dernierEnvoi: row.dernierEnvoi?.toISOString() ?? null,
  };
}

function sendingOf(row: SendingRow): ReportSending {
  return {
    idEnvoi: row.idEnvoi,
    idRapport: row.idRapport,
    type: row.type,
    periode: row.periode,
    envoyeLe: row.envoyeLe.toISOString(),
    destinataires: row.destinataires,
    nomFichier: row.nomFichier,
    taille: row.taille,
  };
}

/** The instant `months` calendar months before `now`. */
function monthsBefore(now: Date, months: number): Date {
  const then = new Date(now);
  then.setUTCMonth(then.getUTCMonth() - months);
  return then;
}

async function bytesOf(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

export function createScheduledReportsService(deps: ScheduledReportsDeps) {
  const { repo, policy, audit, transaction, clock, jobs, mails, store, producers } = deps;

  /** The addresses outside the domains of the account's managers. */
  async function outsideDomain(idClientBscs: number, addresses: readonly string[]): Promise<string[]> {
    const domains = new Set((await policy.managerEmails(idClientBscs)).map(emailDomain));
    return addresses.filter((address) => !domains.has(emailDomain(address)));
  }

  /** The period a report is due for now: this ISO week, or the month of the account's latest invoice (none yet: nothing due). */
  async function duePeriod(report: { idClientBscs: number; frequence: ScheduledReport['frequence'] }, now: Date): Promise<string | null> {
    const today = parisDay(now);
    if (report.frequence === 'HEBDOMADAIRE') return isoWeekOf(today);
    const invoiceDay = await repo.latestInvoiceDay(report.idClientBscs, today);
    return invoiceDay === null ? null : invoiceDay.slice(0, 7);
  }

  async function ownReport(idClientBscs: number, idRapport: number) {
    const report = await repo.report(idRapport);
    if (!report || report.idClientBscs !== idClientBscs) throw fail('SCHEDULED_REPORT_NOT_FOUND');
    return report;
  }

  return {
    async list(userId: number, idClientBscs: number): Promise<ScheduledReportsAnswer> {
      await policy.assertAccount(userId, idClientBscs);
      const now = clock.now();
      const [reports, sendings] = await Promise.all([repo.reports(idClientBscs), repo.sendings(idClientBscs, monthsBefore(now, REPORT_SENDINGS_KEPT_MONTHS))]);
      return { rapports: reports.map(reportOf), envois: sendings.map(sendingOf) };
    },

    /** Schedules a report; its first sending, for the period due now, is queued with it. */
    async create(acting: Actor, idClientBscs: number, request: ScheduledReportRequest): Promise<ScheduledReport> {
      await policy.assertAccount(acting.userId, idClientBscs);
      if ((await outsideDomain(idClientBscs, request.destinataires)).length > 0) throw fail('SCHEDULED_REPORT_OUTSIDE_DOMAIN');
      const now = clock.now();
      const periode = await duePeriod({ idClientBscs, frequence: request.frequence }, now);
      try {
        // One report per content and frequency (a unique index): two schedulings at once make one.
        const created = await transaction(async (tx) => {
          const row = await repo.insertReport(tx, { idClientBscs, ...request, creePar: acting.userId, creeLe: now });
          await audit.record({ ...acting, action: 'PROGRAMMATION_RAPPORT', idClientBscs, details: { idRapport: row.idRapport, type: row.type, frequence: row.frequence, destinataires: row.destinataires } }, { tx });
          if (periode !== null) await jobs.send(SEND_REPORT_QUEUE, { idRapport: row.idRapport, periode } satisfies SendReportJob, { tx });
          return row;
        });
        const [listed] = (await repo.reports(idClientBscs)).filter((row) => row.idRapport === created.idRapport);
        return reportOf(listed ?? { ...created, creeParNom: null, dernierEnvoi: null });
      } catch (error) {
        if (isUniqueViolation(error)) throw fail('SCHEDULED_REPORT_DUPLICATE');
        throw error;
      }
    },

    /** Removes a report; its sendings stay downloadable for their year. */
    async remove(acting: Actor, idClientBscs: number, idRapport: number): Promise<void> {
      await policy.assertAccount(acting.userId, idClientBscs);
      const report = await ownReport(idClientBscs, idRapport);
      await transaction(async (tx) => {
        if (!(await repo.deleteReport(tx, idRapport))) throw fail('SCHEDULED_REPORT_NOT_FOUND');
        await audit.record({ ...acting, action: 'SUPPRESSION_RAPPORT', idClientBscs, details: { idRapport, type: report.type, frequence: report.frequence } }, { tx });
      });
    },

    /** A sending's workbook, as it was sent. */
    async download(acting: Actor, idClientBscs: number, idEnvoi: number) {
      await policy.assertAccount(acting.userId, idClientBscs);
      const sending = await repo.sending(idEnvoi);
      const keptSince = monthsBefore(clock.now(), REPORT_SENDINGS_KEPT_MONTHS);
      if (!sending || sending.idClientBscs !== idClientBscs || sending.envoyeLe < keptSince) throw fail('REPORT_SENDING_NOT_FOUND');
      const body = await store.read(sending.cleFichier);
      await audit.record({ ...acting, action: 'TELECHARGEMENT_RAPPORT', idClientBscs, details: { idEnvoi, periode: sending.periode } });
      return { body, filename: sending.nomFichier, contentType: XLSX_CONTENT_TYPE };
    },

    /** Queues the sending of every report due and not yet sent for its period (every instance may run it: a period goes once). */
    async queueDue(): Promise<number> {
      const now = clock.now();
      let queued = 0;
      for (const report of await repo.everyReport()) {
        const periode = await duePeriod(report, now);
        if (periode === null || (await repo.wasSent(report.idRapport, periode))) continue;
        await jobs.send(SEND_REPORT_QUEUE, { idRapport: report.idRapport, periode } satisfies SendReportJob);
        queued += 1;
      }
      return queued;
    },

    /**
     * Sends a report for a period: the workbook made and stored, the sending recorded and the
     * e-mails queued in one transaction. A period already sent (a job run twice, two instances)
     * is not sent again, and the second workbook is dropped.
     */
    async send({ idRapport, periode }: SendReportJob): Promise<boolean> {
      const report = await repo.report(idRapport);
      if (!report || (await repo.wasSent(idRapport, periode))) return false;
      const now = clock.now();
      const bytes = await bytesOf(producers[report.type](report.idClientBscs, now));
      const nomFichier = `${FILE_PREFIXES[report.type]}-${report.idClientBscs}-${parisDay(now)}.xlsx`;
      const managers = await policy.managerEmails(report.idClientBscs);
      // An address whose domain no manager has any more (a manager left) is no longer sent to.
      const outside = new Set(await outsideDomain(report.idClientBscs, report.destinataires));
      const recipients = [...new Set([...managers, ...report.destinataires.filter((address) => !outside.has(address))])];
      const cleFichier = await store.write(bytes, XLSX_CONTENT_TYPE);
      const sent = await transaction(async (tx) => {
        const recorded = await repo.insertSending(tx, { idRapport, idClientBscs: report.idClientBscs, type: report.type, periode, envoyeLe: now, destinataires: recipients, nomFichier, taille: bytes.length, cleFichier });
        if (!recorded) return false;
        const attached = bytes.length <= ATTACHED_MAX_BYTES ? { filename: nomFichier, contentType: XLSX_CONTENT_TYPE, content: bytes } : null;
        for (const to of recipients) await mails.report(tx, to, { report, periode, attached });
        return true;
      }).catch(async (error: unknown) => {
        await store.discard(cleFichier);
        throw error;
      });
      if (!sent) await store.discard(cleFichier);
      return sent;
    },

    /** Sendings past their year, with their workbooks. */
    async forgetOld(): Promise<number> {
      const before = monthsBefore(clock.now(), REPORT_SENDINGS_KEPT_MONTHS);
      let forgotten = 0;
      for (;;) {
        const old = await repo.oldSendings(before, FORGET_BATCH);
        for (const sending of old) {
          await repo.deleteSending(sending.idEnvoi);
          await store.discard(sending.cleFichier);
        }
        forgotten += old.length;
        if (old.length < FORGET_BATCH) return forgotten;
      }
    },
  };
}

export type ScheduledReportsService = ReturnType<typeof createScheduledReportsService>;
