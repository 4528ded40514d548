import { CREDIT_NOTE_REFUND_LABELS, creditNoteReference, euros, invoiceDay, vatCentimes, VAT_RATE_BP, type CreditNote, type CreditNoteList } from '@ecare/shared';
import type { ServiceCore } from '../../core/core.ts';
import { nextReferenceNumber } from '../../db/reference-counters.ts';
import type { Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';
import { eInvoiceOf, toCii, toUbl, type EInvoice } from '../e-invoices/index.ts';
import type { WebhooksModule } from '../webhooks/index.ts';
import type { CreditNoteRow, CreditNotesRepository } from './credit-notes.repository.ts';
import { renderCreditNotePdf } from './invoices.document.ts';
import { creditNoteMail } from './invoices.mails.ts';

export interface CreditNotesDeps extends ServiceCore {
  repo: CreditNotesRepository;
  /** Tells the account's webhooks of the credit note (`avoir.emis`). */
  webhooks: Pick<WebhooksModule, 'emit'>;
}

/** What the back office's decision asks for. */
export interface CreditNoteRequest {
  complaintId: number;
  complaintReference: string;
  invoiceId: number;
  montantHtCentimes: number;
  motif: string;
  /** The administrator deciding. */
  decidedBy: number;
}

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const amount = (centimes: number) => money.format(centimes / 100);

export function creditNoteOf(row: CreditNoteRow): CreditNote {
  return {
    reference: row.reference,
    dateAvoir: row.dateAvoir,
    factureReference: row.factureReference,
    reclamationReference: row.reclamationReference,
    motif: row.motif,
    montantHT: euros(row.montantHtCentimes),
    montantTVA: euros(row.montantTvaCentimes),
    montantTTC: euros(row.montantTtcCentimes),
    imputeSurFacture: euros(row.imputeCentimes),
    rembourse: euros(row.rembourseCentimes),
    moyenRemboursement: row.moyenRemboursement,
  };
}

/** How the credit note is settled, in words, as its PDF and its XML say. */
function settlementOf(row: Pick<CreditNoteRow, 'imputeCentimes' | 'rembourseCentimes' | 'moyenRemboursement' | 'factureReference'>): string {
  const parts: string[] = [];
  if (row.imputeCentimes > 0) parts.push(`${amount(row.imputeCentimes)} déduits du reste à payer de la facture n° ${row.factureReference}`);
  if (row.rembourseCentimes > 0 && row.moyenRemboursement) parts.push(`${amount(row.rembourseCentimes)} remboursés ${CREDIT_NOTE_REFUND_LABELS[row.moyenRemboursement]}`);
  return `${parts.join('\u00a0; ')}.`;
}

/**
 * Credit notes (decision 060): issued in the back office's transaction when a complaint is accepted
 * with a refund, never more than what is left to credit on the invoice (its HT less the credit notes
 * it already has, read with the invoice locked); the part the invoice still asked for is taken off
 * its balance, the rest refunded by the account's payment means; the managers are mailed. Then,
 * like invoices, a Factur-X PDF (type 381) and its CII or UBL, the same bytes at every download.
 */
export function createCreditNotesService(deps: CreditNotesDeps) {
  const { repo, policy, clock, mail, brandName, publicUrl } = deps;

  function eInvoiceFor(row: CreditNoteRow): EInvoice {
    return eInvoiceOf({
      typeCode: '381',
      number: row.reference,
      issueDate: row.dateAvoir,
      dueDate: row.dateAvoir,
      periodStart: row.periodeDebut,
      periodEnd: row.periodeFin,
      customer: row.client,
      paymentMode: row.modePaiement,
      mandateReference: null,
      creditorIdentifier: '',
      brandName,
      items: [
        {
          libelle: `Avoir sur la facture n° ${row.factureReference} (réclamation ${row.reclamationReference})`,
          quantite: 1,
          montantHtCentimes: row.montantHtCentimes,
          tauxTvaBp: row.tauxTvaBp,
          groupe: row.motif,
          centreCode: null,
        },
      ],
      precedingInvoice: { number: row.factureReference, issueDate: row.factureDate },
      reason: row.motif,
      settlement: { code: row.rembourseCentimes === 0 ? '97' : '1', information: settlementOf(row) },
    });
  }

  return {
    /** Issues the credit note in the caller's transaction; its reference. */
    async issue(request: CreditNoteRequest, tx: Transaction): Promise<string> {
      const invoice = await repo.lockedInvoice(request.invoiceId, tx);
      if (!invoice) throw fail('INVOICE_NOT_FOUND');
      const left = invoice.montantHtCentimes - invoice.creditedHtCentimes;
      if (request.montantHtCentimes > left) throw fail('CREDIT_NOTE_TOO_HIGH', { values: { reste: amount(Math.max(0, left)) } });
      const now = clock.now();
      const day = invoiceDay(now);
      const year = Number(day.slice(0, 4));
      const reference = creditNoteReference(year, await nextReferenceNumber('AV', year, tx));
      const ht = request.montantHtCentimes;
      const tva = vatCentimes(ht, VAT_RATE_BP);
      const ttc = ht + tva;
      const impute = Math.min(ttc, invoice.resteAPayerCentimes);
      const rembourse = ttc - impute;
      await repo.insert(
        {
          reference,
          idClientBscs: invoice.idClientBscs,
          invoiceId: invoice.id,
          complaintId: request.complaintId,
          dateAvoir: day,
          motif: request.motif,
          montantHtCentimes: ht,
          montantTvaCentimes: tva,
          montantTtcCentimes: ttc,
          tauxTvaBp: VAT_RATE_BP,
          imputeCentimes: impute,
          rembourseCentimes: rembourse,
          moyenRemboursement: rembourse > 0 ? await repo.paymentMode(invoice.idClientBscs, tx) : null,
          client: invoice.client,
          modePaiement: invoice.modePaiement,
          createdAt: now,
          createdBy: request.decidedBy,
        },
        tx,
      );
      const issued = await repo.find(invoice.idClientBscs, reference, tx);
      if (!issued) throw new Error('credit note not issued');
      const note = creditNoteOf(issued);
      const data = { reference, dateAvoir: note.dateAvoir, factureReference: note.factureReference, montantHT: note.montantHT, montantTVA: note.montantTVA, montantTTC: note.montantTTC, imputeSurFacture: note.imputeSurFacture, rembourse: note.rembourse };
      await deps.webhooks.emit(tx, { idClientBscs: invoice.idClientBscs, type: 'avoir.emis', data });
      const link = `${publicUrl}/ecare/mon-compte/factures`;
      for (const to of await policy.managerEmails(invoice.idClientBscs, tx)) {
        await mail.send(to, creditNoteMail(brandName, { ...creditNoteOf(issued), reglement: settlementOf(issued) }, link), { tx });
      }
      return reference;
    },

    /** The account's credit notes, newest first, for its managers. */
    async list(userId: number, idClientBscs: number): Promise<CreditNoteList> {
      await policy.assertAccount(userId, idClientBscs);
      return { avoirs: (await repo.list(idClientBscs)).map(creditNoteOf) };
    },

    /** A credit note's Factur-X PDF, CII or UBL (no access check: callers check first); undefined for none. */
    async document(idClientBscs: number, reference: string, format: 'pdf' | 'cii' | 'ubl'): Promise<Uint8Array | string | undefined> {
      const row = await repo.find(idClientBscs, reference);
      if (!row) return undefined;
      const eInvoice = eInvoiceFor(row);
      if (format === 'cii') return toCii(eInvoice);
      if (format === 'ubl') return toUbl(eInvoice);
      return renderCreditNotePdf({ note: row, brandName, cii: toCii(eInvoice) });
    },

    /** The account's credit notes dated from `du` to `au`, for an archive (no access check: callers check first). */
    between: repo.between,
  };
}
export type CreditNotesService = ReturnType<typeof createCreditNotesService>;
