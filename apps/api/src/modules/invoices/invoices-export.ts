import { INVOICE_ITEM_NATURE_LABELS, INVOICE_STATUS_LABELS, type InvoiceExportFormat, type InvoiceStatus } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { CSV_BOM, csvRow, csvRows } from '../../lib/csv.ts';
import { XLSX_CONTENT_TYPE, xlsxStream, type XlsxCell } from '../../lib/xlsx-stream.ts';
import type { InvoiceItemRow, InvoiceRow } from './invoices.repository.ts';

/** One charge of an invoice as the export writes it, with its invoice and that invoice's status. */
export interface InvoiceExportRow {
  invoice: InvoiceRow;
  statut: InvoiceStatus;
  item: InvoiceItemRow;
}

/** A cell before it takes a format: a calendar date is a `Date` at midnight UTC. */
type ExportValue = string | number | Date | null;

interface ExportColumn {
  header: string;
  width: number;
  value: (row: InvoiceExportRow) => ExportValue;
}

const calendarDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** The columns of the export of invoice lines, in order, with their French headers. */
export const INVOICE_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Facture', width: 16, value: (row) => row.invoice.referenceNumber },
  { header: 'Date de facture', width: 14, value: (row) => calendarDate(row.invoice.dateFacture) },
  { header: 'Date d’échéance', width: 14, value: (row) => calendarDate(row.invoice.dateEcheance) },
  { header: 'Début de période', width: 14, value: (row) => calendarDate(row.invoice.periodeDebut) },
  { header: 'Fin de période', width: 14, value: (row) => calendarDate(row.invoice.periodeFin) },
  { header: 'Numéro de ligne', width: 16, value: (row) => (row.item.numeroLigne ? formatPhone(row.item.numeroLigne) : 'Compte') },
  { header: 'Utilisateur', width: 22, value: (row) => row.item.utilisateur },
  { header: 'Nature', width: 26, value: (row) => INVOICE_ITEM_NATURE_LABELS[row.item.nature] },
  { header: 'Libellé', width: 48, value: (row) => row.item.libelle },
  { header: 'Quantité', width: 9, value: (row) => row.item.quantite },
  { header: 'Montant HT (€)', width: 13, value: (row) => row.item.montantHtCentimes / 100 },
  { header: 'Taux de TVA (%)', width: 10, value: (row) => row.item.tauxTvaBp / 100 },
  { header: 'Statut de la facture', width: 20, value: (row) => INVOICE_STATUS_LABELS[row.statut] },
];

export const INVOICE_EXPORT_HEADERS = INVOICE_EXPORT_COLUMNS.map((column) => column.header);

export const INVOICE_EXPORT_CONTENT_TYPES: Record<InvoiceExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: XLSX_CONTENT_TYPE,
};

const frenchDate = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('/');

/** The CSV file: BOM and headers, then one row per charge, a batch of invoices at a time. */
export async function* invoiceCsv(batches: AsyncIterable<InvoiceExportRow[]>): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(INVOICE_EXPORT_HEADERS);
  for await (const batch of batches) {
    const rows = batch.map((row) =>
      INVOICE_EXPORT_COLUMNS.map((column) => {
        const value = column.value(row);
        return value instanceof Date ? frenchDate(value) : value;
      }),
    );
    if (rows.length > 0) yield csvRows(rows);
  }
}

async function* xlsxRows(batches: AsyncIterable<InvoiceExportRow[]>): AsyncGenerator<XlsxCell[]> {
  for await (const batch of batches) {
    for (const row of batch) yield INVOICE_EXPORT_COLUMNS.map((column) => column.value(row));
  }
}

/** The workbook: one sheet, "Factures", dates as dates and amounts as numbers. */
export function invoiceXlsx(batches: AsyncIterable<InvoiceExportRow[]>, modifiedAt: Date): AsyncGenerator<Buffer> {
  return xlsxStream(
    { name: 'Factures', columns: INVOICE_EXPORT_COLUMNS.map(({ header, width }) => ({ header, width })), rows: xlsxRows(batches) },
    { modifiedAt },
  );
}
