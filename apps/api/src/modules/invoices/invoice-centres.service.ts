import {
  billingPeriodOf,
  centreShares,
  euros,
  invoiceStatus,
  invoiceDay,
  periodBounds,
  shiftPeriod,
  type InvoiceCentres,
  type InvoiceCentresExportQuery,
} from '@ecare/shared';
import type { Actor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import { fail } from '../../lib/errors.ts';
import { INVOICE_CENTRES_CONTENT_TYPES, invoiceCentresCsv, invoiceCentresXlsx, type InvoiceCentreExportRow } from './invoice-centres.export.ts';
import type { InvoiceItemRow, InvoiceRow, InvoicesRepository } from './invoices.repository.ts';
import { INVOICE_FILES_QUOTA, type InvoiceFile } from './invoices.service.ts';

/**
 * An invoice by cost centre (decision 049): each charge counts for the centre recorded on it when
 * the invoice was issued, the groups sharing the invoice's VAT so that they add up to it to the
 * cent; and the invoices of a period by centre as a spreadsheet.
 */

export interface InvoiceCentresDeps extends ServiceCore {
  repo: InvoicesRepository;
}

/** Invoices whose charges the export reads per query. */
const EXPORT_INVOICES_PER_BATCH = 24;

type CentreLine = InvoiceCentres['centres'][number]['lignes'][number];

/** A centre's lines, by number, each with what it weighs excluding VAT; the account's own charges last. */
function linesOf(charges: readonly InvoiceItemRow[]): CentreLine[] {
  const byLine = new Map<number | null, CentreLine & { centimes: number }>();
  for (const charge of charges) {
    const line = byLine.get(charge.idContrat) ?? { idContrat: charge.idContrat, numeroLigne: charge.numeroLigne, utilisateur: charge.utilisateur, montantHT: 0, centimes: 0 };
    line.centimes += charge.montantHtCentimes;
    byLine.set(charge.idContrat, line);
  }
  return [...byLine.values()]
    .sort((a, b) => (a.idContrat === null ? 1 : 0) - (b.idContrat === null ? 1 : 0) || (a.numeroLigne ?? '').localeCompare(b.numeroLigne ?? '') || (a.idContrat ?? 0) - (b.idContrat ?? 0))
    .map(({ centimes, ...line }) => ({ ...line, montantHT: euros(centimes) }));
}

/** The answer of `…/centres-de-cout` from an invoice and its charges as issued. */
export function invoiceByCentre(invoice: InvoiceRow, items: readonly InvoiceItemRow[]): InvoiceCentres {
  return {
    referenceNumber: invoice.referenceNumber,
    dateFacture: invoice.dateFacture,
    montantHT: euros(invoice.montantHtCentimes),
    montantTVA: euros(invoice.montantTvaCentimes),
    montantTTC: euros(invoice.montantTtcCentimes),
    centres: centreShares(items).map((share) => ({
      idCentre: share.idCentre,
      code: share.code,
      libelle: share.libelle,
      lignes: linesOf(share.charges),
      totalHT: euros(share.htCentimes),
      totalTVA: euros(share.tvaCentimes),
      totalTTC: euros(share.ttcCentimes),
    })),
  };
}

export function createInvoiceCentresService(deps: InvoiceCentresDeps) {
  const { repo, policy, audit, clock } = deps;

  /** The invoices dated in the months `du`–`au` and their rows by centre, read a batch of invoices at a time. */
  async function centreRows(idClientBscs: number, du: string, au: string, now: Date) {
    const rows = await repo.between(idClientBscs, periodBounds(du).debut, periodBounds(au).fin);
    const day = invoiceDay(now);
    const batches = async function* (): AsyncGenerator<InvoiceCentreExportRow[]> {
      for (let start = 0; start < rows.length; start += EXPORT_INVOICES_PER_BATCH) {
        const chunk = rows.slice(start, start + EXPORT_INVOICES_PER_BATCH);
        const items = await repo.itemsOf(chunk.map((row) => row.id));
        const batch: InvoiceCentreExportRow[] = [];
        // `between` gives the invoices oldest first: each invoice's centres as the page shows them.
        for (const invoice of chunk) {
          const statut = invoiceStatus(invoice, day);
          for (const share of centreShares(items.filter((item) => item.invoiceId === invoice.id))) {
            batch.push({ invoice, statut, share, lignes: new Set(share.charges.flatMap((charge) => (charge.idContrat === null ? [] : [charge.idContrat]))).size });
          }
        }
        yield batch;
      }
    };
    return { rows, batches };
  }

  return {
    /** The workbook by centre of the invoices of the last twelve months, without any access check (the scheduled reports' own). */
    async *lastYearWorkbook(idClientBscs: number, now: Date): AsyncGenerator<Buffer> {
      const au = billingPeriodOf(now);
      const { batches } = await centreRows(idClientBscs, shiftPeriod(au, -11), au, now);
      yield* invoiceCentresXlsx(batches(), now);
    },

    /** The invoice by cost centre; another account's invoice answers as unknown, an account not managed 403. */
    async byCentre(userId: number, idClientBscs: number, referenceNumber: string): Promise<InvoiceCentres> {
      await policy.assertAccount(userId, idClientBscs);
      const invoice = await repo.find(idClientBscs, referenceNumber);
      if (!invoice) throw fail('INVOICE_NOT_FOUND');
      return invoiceByCentre(invoice, await repo.items(invoice.id));
    },

    /**
     * The invoices dated in the months `du`–`au` (the last twelve by default), one row per invoice
     * and centre, as CSV or XLSX: within the files quota of the invoices, audited.
     */
    async exportByCentre(actor: Actor, idClientBscs: number, query: InvoiceCentresExportQuery): Promise<InvoiceFile<AsyncIterable<string | Buffer>>> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const now = clock.now();
      const au = query.au ?? billingPeriodOf(now);
      const du = query.du ?? shiftPeriod(au, -11);
      const quota = await deps.limits.quota(`invoice-files:${actor.userId}`, INVOICE_FILES_QUOTA.max, INVOICE_FILES_QUOTA.windowMs);
      if (!quota.allowed) {
        throw fail('INVOICE_FILES_TOO_MANY', { values: { minutes: Math.max(1, Math.ceil(quota.retryAfterSeconds / 60)) }, retryAfterSeconds: quota.retryAfterSeconds });
      }
      const { rows, batches } = await centreRows(idClientBscs, du, au, now);
      await audit.record({ ...actor, action: 'EXPORT_FACTURES_CENTRES', idClientBscs });
      return {
        filename: `factures-centres-${idClientBscs}-${du}-${au}.${query.format}`,
        contentType: INVOICE_CENTRES_CONTENT_TYPES[query.format],
        body: query.format === 'csv' ? invoiceCentresCsv(batches()) : invoiceCentresXlsx(batches(), now),
        count: rows.length,
      };
    },
  };
}
export type InvoiceCentresService = ReturnType<typeof createInvoiceCentresService>;
