import {
  VAT_RATE_BP,
  centreChanges,
  complaintReference,
  isCreditNoteReference,
  euros,
  invoiceDay,
  invoiceStatus,
  type Invoice,
  type InvoiceComplaint,
  type InvoiceComplaintResponse,
  type InvoiceDetail,
  type InvoiceEvolution,
  type InvoiceArchiveQuery,
  type InvoiceExportQuery,
  type InvoiceListQuery,
  type InvoicePage,
} from '@ecare/shared';
import { addDays, parisInstant, parisWallTime } from '@ecare/shared/paris-time';
import type { ServiceCore } from '../../core/core.ts';
import { nextReferenceNumber } from '../../db/reference-counters.ts';
import { fail } from '../../lib/errors.ts';
import { zipStream } from '../../lib/zip-stream.ts';
import type { AuthUser } from '../auth/index.ts';
import { eInvoiceOf, toCii, toUbl } from '../e-invoices/index.ts';
import type { CreditNoteRow } from './credit-notes.repository.ts';
import type { CreditNotesService } from './credit-notes.service.ts';
import { archiveEntries, archivedCreditNote, archivedInvoice } from './invoices-archive.ts';
import { breakdown, detailParts, evolutionLines, groupTitle } from './invoice-breakdown.ts';
import { INVOICE_EXPORT_CONTENT_TYPES, invoiceCsv, invoiceXlsx, type InvoiceExportRow } from './invoices-export.ts';
import { renderInvoicePdf } from './invoices.document.ts';
import { complaintAcknowledgementMail, complaintServiceMail, type ComplaintSummary } from './invoices.mails.ts';
import type { InvoiceRow, InvoicesRepository } from './invoices.repository.ts';
import type { Actor } from '../../core/actor.ts';

/** The files of an issued invoice or credit note. */
export type DocumentFormat = 'pdf' | 'cii' | 'ubl';

export interface InvoicesDeps extends ServiceCore {
  repo: InvoicesRepository;
  creditNotes: CreditNotesService;
  /** The operator's SEPA creditor identifier, which invoices paid by direct debit name. */
  creditorId: string;
}

/** Files of invoices (a year's ZIP, an export of their lines) one user may ask for per quarter of an hour. */
export const INVOICE_FILES_QUOTA = { max: 20, windowMs: 15 * 60_000 } as const;
/** Complaints one user may file per hour. */
export const INVOICE_COMPLAINT_QUOTA = { max: 5, windowMs: 3_600_000 } as const;

/** A file ready to send; a stream's bytes are produced while it is sent. */
export interface InvoiceFile<Body> {
  filename: string;
  contentType: string;
  body: Body;
  /** Invoices in a ZIP, charges in an export. */
  count: number;
}

/** Invoices whose charges an export reads per query. */
const EXPORT_INVOICES_PER_BATCH = 24;

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const frenchDate = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

/** An invoice as the list and the detail answer it, its status on `today`. */
export function invoiceOf(row: InvoiceRow, today: string): Invoice {
  return {
    referenceNumber: row.referenceNumber,
    dateFacture: row.dateFacture,
    dateEcheance: row.dateEcheance,
    periodeDebut: row.periodeDebut,
    periodeFin: row.periodeFin,
    montantHT: euros(row.montantHtCentimes),
    montantTVA: euros(row.montantTvaCentimes),
    montantTTC: euros(row.montantTtcCentimes),
    resteAPayer: euros(row.resteAPayerCentimes),
    statut: invoiceStatus(row, today),
    reclamationEnCours: row.reclamationEnCours,
  };
}

export function createInvoicesService(deps: InvoicesDeps) {
  const { repo, policy, audit, clock } = deps;
  const today = () => invoiceDay(clock.now());

  /** The account's invoice of that number, once the caller is known to manage the account; another account's answers as unknown. */
  async function invoiceFor(userId: number, idClientBscs: number, referenceNumber: string): Promise<InvoiceRow> {
    await policy.assertAccount(userId, idClientBscs);
    const invoice = await repo.find(idClientBscs, referenceNumber);
    if (!invoice) throw fail('INVOICE_NOT_FOUND');
    return invoice;
  }

  async function withinQuota(key: string, quota: { max: number; windowMs: number }, code: 'INVOICE_FILES_TOO_MANY' | 'INVOICE_COMPLAINT_TOO_MANY') {
    const verdict = await deps.limits.quota(key, quota.max, quota.windowMs);
    if (!verdict.allowed) {
      const { retryAfterSeconds } = verdict;
      throw fail(code, { values: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }, retryAfterSeconds });
    }
  }

  /**
   * The invoice as issued, as a PDF and as EN 16931 data: what they show was frozen then (the
   * mandate is the one in force on its date), so the same invoice always gives the same bytes.
   */
  async function documentOf(invoice: InvoiceRow) {
    const parts = breakdown(await repo.items(invoice.id));
    const rum = invoice.modePaiement === 'PRELEVEMENT' ? await repo.mandateAt(invoice.idClientBscs, parisInstant(addDays(invoice.dateFacture, 1), 0)) : null;
    const mandate = { rum, creditorId: deps.creditorId };
    const items = [...parts.lines, parts.account].flatMap((group) =>
      group.items.map((item) => ({ ...item, groupe: groupTitle(group), centreCode: item.centreCode })),
    );
    const eInvoice = eInvoiceOf({
      typeCode: '380',
      number: invoice.referenceNumber,
      issueDate: invoice.dateFacture,
      dueDate: invoice.dateEcheance,
      periodStart: invoice.periodeDebut,
      periodEnd: invoice.periodeFin,
      customer: invoice.client,
      paymentMode: invoice.modePaiement,
      mandateReference: rum,
      creditorIdentifier: deps.creditorId,
      brandName: deps.brandName,
      items,
    });
    return { parts, mandate, eInvoice };
  }

  async function documentFile(idClientBscs: number, reference: string, format: DocumentFormat): Promise<Uint8Array | string | undefined> {
    if (isCreditNoteReference(reference)) return deps.creditNotes.document(idClientBscs, reference, format);
    const invoice = await repo.find(idClientBscs, reference);
    if (!invoice) return undefined;
    if (format === 'pdf') return pdfOf(invoice);
    const { eInvoice } = await documentOf(invoice);
    return format === 'cii' ? toCii(eInvoice) : toUbl(eInvoice);
  }

  /** The archive of these documents, within the user's quota of files, recorded. */
  async function archiveOf(actor: Actor, idClientBscs: number, rows: InvoiceRow[], notes: CreditNoteRow[], filename: string): Promise<InvoiceFile<AsyncIterable<Buffer>>> {
    await withinQuota(`invoice-files:${actor.userId}`, INVOICE_FILES_QUOTA, 'INVOICE_FILES_TOO_MANY');
    await audit.record({ ...actor, action: 'EXPORT_FACTURES', idClientBscs });
    const invoiceOfReference = new Map(rows.map((row) => [row.referenceNumber, row]));
    const pdf = async (document: { reference: string }) => {
      const invoice = invoiceOfReference.get(document.reference);
      const bytes = invoice ? await pdfOf(invoice) : await deps.creditNotes.document(idClientBscs, document.reference, 'pdf');
      if (!(bytes instanceof Uint8Array)) throw new Error(`no PDF for ${document.reference}`);
      return bytes;
    };
    const documents = [...rows.map(archivedInvoice), ...notes.map(archivedCreditNote)];
    return { filename, contentType: 'application/zip', body: zipStream(archiveEntries(documents, pdf, clock.now())), count: documents.length };
  }

  async function pdfOf(invoice: InvoiceRow): Promise<Uint8Array> {
    const { parts, mandate, eInvoice } = await documentOf(invoice);
    return renderInvoicePdf({ invoice, parts, brandName: deps.brandName, mandate, cii: toCii(eInvoice) });
  }

  return {
    /** A page of the account's invoices, newest first unless told; a page past the end answers the last one. */
    async list(userId: number, idClientBscs: number, query: InvoiceListQuery): Promise<InvoicePage> {
      await policy.assertAccount(userId, idClientBscs);
      let { rows, total } = await repo.page(idClientBscs, query);
      let page = query.page;
      const last = Math.max(1, Math.ceil(total / query.taille));
      if (page > last) {
        page = last;
        ({ rows, total } = await repo.page(idClientBscs, { ...query, page }));
      }
      const day = today();
      const [annees, balance] = await Promise.all([repo.years(idClientBscs), repo.balance(idClientBscs, day)]);
      return {
        factures: rows.map((row) => invoiceOf(row, day)),
        total,
        page,
        taille: query.taille,
        annees,
        soldeAPayer: euros(balance.dueCentimes),
        enRetard: balance.lateCount,
      };
    },

    /** Every charge of the invoice per line, then the account's own, with totals that add up to the cent. */
    async detail(userId: number, idClientBscs: number, referenceNumber: string): Promise<InvoiceDetail> {
      const invoice = await invoiceFor(userId, idClientBscs, referenceNumber);
      const [items, payments, complaints, previous] = await Promise.all([
        repo.items(invoice.id),
        repo.payments(invoice.id),
        repo.complaints(invoice.id),
        repo.previous(invoice),
      ]);
      return {
        facture: invoiceOf(invoice, today()),
        modePaiement: invoice.modePaiement,
        tauxTVA: VAT_RATE_BP / 100,
        ...detailParts(breakdown(items)),
        paiements: payments.map((payment) => ({ date: payment.paidAt.toISOString(), montant: euros(payment.montantCentimes), moyen: payment.moyen })),
        reclamations: complaints.map((complaint) => ({
          reference: complaint.reference,
          motif: complaint.motif as InvoiceComplaint['motif'],
          statut: complaint.statut,
          dateCreation: complaint.createdAt.toISOString(),
        })),
        referencePrecedente: previous?.referenceNumber ?? null,
        centresDeCout: items.some((item) => item.idCentre !== null),
      };
    },

    /** "Pourquoi ma facture a changé ?": per line, what differs from the previous invoice, and why; and per cost centre. */
    async evolution(userId: number, idClientBscs: number, referenceNumber: string): Promise<InvoiceEvolution> {
      const invoice = await invoiceFor(userId, idClientBscs, referenceNumber);
      const previous = await repo.previous(invoice);
      const [after, before] = await Promise.all([repo.items(invoice.id), previous ? repo.items(previous.id) : Promise.resolve([])]);
      return {
        referenceNumber: invoice.referenceNumber,
        montantHT: euros(invoice.montantHtCentimes),
        montantTTC: euros(invoice.montantTtcCentimes),
        precedente: previous
          ? {
              referenceNumber: previous.referenceNumber,
              dateFacture: previous.dateFacture,
              montantHT: euros(previous.montantHtCentimes),
              montantTTC: euros(previous.montantTtcCentimes),
            }
          : null,
        ecartHT: euros(invoice.montantHtCentimes - (previous?.montantHtCentimes ?? 0)),
        ecartTTC: euros(invoice.montantTtcCentimes - (previous?.montantTtcCentimes ?? 0)),
        lignes: previous ? evolutionLines(before, after) : [],
        centres: previous ? centreChanges(before, after) : [],
      };
    },

    /**
     * An issued invoice's, or credit note's, file: its Factur-X PDF, its CII or its UBL (no access
     * check nor record: callers check first); undefined for none.
     */
    document: documentFile,

    /**
     * An invoice or a credit note of the account as a file for its managers: the Factur-X PDF, or
     * its EN 16931 data alone in CII or UBL. Every download is recorded (the customer's identity
     * and its line users' names leave in it).
     */
    async file(actor: Actor, idClientBscs: number, reference: string, format: DocumentFormat): Promise<{ filename: string; content: Uint8Array | string }> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const content = await documentFile(idClientBscs, reference, format);
      if (content === undefined) throw fail('INVOICE_NOT_FOUND');
      await audit.record({ ...actor, action: 'TELECHARGEMENT_FACTURE', idClientBscs });
      const name = isCreditNoteReference(reference) ? `avoir-${reference}` : `facture-${reference}`;
      return { filename: format === 'pdf' ? `${name}.pdf` : `${name}-${format}.xml`, content };
    },

    /** A year's invoices and credit notes as one ZIP of Factur-X PDFs with their index, each PDF made while the archive is sent. */
    async zip(actor: Actor, idClientBscs: number, annee: number): Promise<InvoiceFile<AsyncIterable<Buffer>>> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const rows = await repo.ofYear(idClientBscs, annee);
      if (rows.length === 0) throw fail('INVOICE_YEAR_EMPTY');
      const notes = await deps.creditNotes.between(idClientBscs, `${annee}-01-01`, `${annee}-12-31`);
      return archiveOf(actor, idClientBscs, rows, notes, `factures-${idClientBscs}-${annee}.zip`);
    },

    /**
     * Every invoice and credit note dated in the period (at most ten years, what the account's
     * managers can reach for as long as the documents are kept, its lines terminated or not) as
     * one ZIP of Factur-X PDFs with `index.csv`.
     */
    async archive(actor: Actor, idClientBscs: number, query: InvoiceArchiveQuery): Promise<InvoiceFile<AsyncIterable<Buffer>>> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const [rows, notes] = await Promise.all([repo.between(idClientBscs, query.du, query.au), deps.creditNotes.between(idClientBscs, query.du, query.au)]);
      if (rows.length + notes.length === 0) throw fail('INVOICE_PERIOD_EMPTY');
      return archiveOf(actor, idClientBscs, rows, notes, `factures-${idClientBscs}-${query.du}-${query.au}.zip`);
    },

    /** The charges of the invoices dated in the period (the last twelve months by default), as CSV or XLSX. */
    async exportLines(actor: Actor, idClientBscs: number, query: InvoiceExportQuery): Promise<InvoiceFile<AsyncIterable<string | Buffer>>> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const day = today();
      const au = query.au ?? day;
      const du = query.du ?? addDays(au, -364);
      await withinQuota(`invoice-files:${actor.userId}`, INVOICE_FILES_QUOTA, 'INVOICE_FILES_TOO_MANY');
      const rows = await repo.between(idClientBscs, du, au);
      await audit.record({ ...actor, action: 'EXPORT_FACTURES', idClientBscs });
      const batches = async function* (): AsyncGenerator<InvoiceExportRow[]> {
        for (let start = 0; start < rows.length; start += EXPORT_INVOICES_PER_BATCH) {
          const chunk = rows.slice(start, start + EXPORT_INVOICES_PER_BATCH);
          const items = await repo.itemsOf(chunk.map((row) => row.id));
          const byInvoice = new Map(chunk.map((row) => [row.id, row]));
          const batch: InvoiceExportRow[] = [];
          for (const item of items) {
            const invoice = byInvoice.get(item.invoiceId);
            if (invoice) batch.push({ invoice, statut: invoiceStatus(invoice, day), item });
          }
          // Invoices in date order, each invoice's charges as the detail lists them.
          batch.sort((a, b) => a.invoice.dateFacture.localeCompare(b.invoice.dateFacture) || a.invoice.id - b.invoice.id);
          yield batch;
        }
      };
      return {
        filename: `factures-${idClientBscs}-${du}-${au}.${query.format}`,
        contentType: INVOICE_EXPORT_CONTENT_TYPES[query.format],
        body: query.format === 'csv' ? invoiceCsv(batches()) : invoiceXlsx(batches(), clock.now()),
        count: rows.length,
      };
    },

    /**
     * Files a complaint about the invoice with the next REC reference of the year: stored, audited
     * and acknowledged by e-mail (to the sender, and to the customer service) in one transaction.
     * The lines named must be on the invoice; one complaint at a time per invoice.
     */
    async complain(actor: Actor & { user: AuthUser }, idClientBscs: number, referenceNumber: string, complaint: InvoiceComplaint): Promise<InvoiceComplaintResponse> {
      const invoice = await invoiceFor(actor.userId, idClientBscs, referenceNumber);
      const lignes = [...new Set(complaint.lignes ?? [])];
      const items = await repo.items(invoice.id);
      const numbers = new Map(items.flatMap((item) => (item.idContrat !== null && item.numeroLigne !== null ? [[item.idContrat, item.numeroLigne] as const] : [])));
      if (lignes.some((idContrat) => !numbers.has(idContrat))) throw fail('INVOICE_COMPLAINT_LINES');
      await withinQuota(`invoice-complaint:${actor.userId}`, INVOICE_COMPLAINT_QUOTA, 'INVOICE_COMPLAINT_TOO_MANY');
      const customer = await repo.customer(idClientBscs);
      if (!customer) throw fail('INVOICE_NOT_FOUND');

      const now = clock.now();
      const wall = parisWallTime(now);
      const year = Number(wall.day.slice(0, 4));
      return deps.transaction(async (tx) => {
        const open = await repo.openComplaint(invoice.id, tx);
        if (open) throw fail('INVOICE_COMPLAINT_OPEN', { values: { reference: open } });
        const reference = complaintReference(year, await nextReferenceNumber('REC', year, tx));
        await repo.insertComplaint(
          { reference, invoiceId: invoice.id, idClientBscs, userId: actor.userId, motif: complaint.motif, message: complaint.message, lignes, createdAt: now },
          tx,
        );
        await audit.record({ userId: actor.userId, sourceAddress: actor.sourceAddress, action: 'RECLAMATION_FACTURE', idClientBscs }, { tx });
        const summary: ComplaintSummary = {
          reference,
          referenceNumber: invoice.referenceNumber,
          dateFacture: frenchDate(invoice.dateFacture),
          montantTTC: money.format(invoice.montantTtcCentimes / 100),
          motif: complaint.motif,
          message: complaint.message,
          lignes: lignes.map((idContrat) => numbers.get(idContrat) ?? String(idContrat)),
          account: { idClientBscs, codeClientBscs: customer.codeClientBscs, raisonSociale: customer.raisonSociale },
          sender: { userId: actor.userId, prenom: actor.user.prenom, nom: actor.user.nom, email: actor.user.email },
          receivedAt: `${frenchDate(wall.day)} à ${String(wall.hour).padStart(2, '0')}\u00a0h\u00a0${String(wall.minute).padStart(2, '0')}`,
        };
        const link = `${deps.publicUrl}/ecare/mon-compte/factures/${encodeURIComponent(invoice.referenceNumber)}`;
        await deps.mail.send(actor.user.email, complaintAcknowledgementMail(deps.brandName, summary, link), { tx });
        await deps.mail.send(deps.supportEmail, complaintServiceMail(deps.brandName, summary), { tx });
        return { reference, dateCreation: now.toISOString(), email: actor.user.email };
      });
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
