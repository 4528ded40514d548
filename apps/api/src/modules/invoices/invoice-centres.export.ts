import { INVOICE_STATUS_LABELS, type CentreShare, type InvoiceCentresExportFormat, type InvoiceStatus } from '@ecare/shared';
import { CSV_BOM, csvRow, csvRows } from '../../lib/csv.ts';
import { XLSX_CONTENT_TYPE, xlsxStream, type XlsxCell } from '../../lib/xlsx-stream.ts';
import type { InvoiceItemRow, InvoiceRow } from './invoices.repository.ts';

/** One centre of one invoice as the export by centre writes it (decision 049). */
export interface InvoiceCentreExportRow {
  invoice: InvoiceRow;
  statut: InvoiceStatus;
  share: CentreShare<InvoiceItemRow>;
  /** The centre's lines on that invoice (the account's own charges are not a line). */
  lignes: number;
}

type ExportValue = string | number | Date | null;

interface ExportColumn {
  header: string;
  width: number;
  value: (row: InvoiceCentreExportRow) => ExportValue;
}

const calendarDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** The columns of the export by centre, in order, with their French headers. */
export const INVOICE_CENTRES_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Facture', width: 16, value: (row) => row.invoice.referenceNumber },
  { header: 'Date de facture', width: 14, value: (row) => calendarDate(row.invoice.dateFacture) },
  { header: 'Mois', width: 9, value: (row) => row.invoice.dateFacture.slice(0, 7) },
  { header: 'Code du centre', width: 16, value: (row) => row.share.code },
  { header: 'Centre de coût', width: 32, value: (row) => row.share.libelle },
  { header: 'Lignes', width: 8, value: (row) => row.lignes },
  { header: 'Montant HT (€)', width: 13, value: (row) => row.share.htCentimes / 100 },
  { header: 'TVA (€)', width: 11, value: (row) => row.share.tvaCentimes / 100 },
  { header: 'Montant TTC (€)', width: 13, value: (row) => row.share.ttcCentimes / 100 },
  { header: 'Statut de la facture', width: 20, value: (row) => INVOICE_STATUS_LABELS[row.statut] },
];

export const INVOICE_CENTRES_EXPORT_HEADERS = INVOICE_CENTRES_EXPORT_COLUMNS.map((column) => column.header);

export const INVOICE_CENTRES_CONTENT_TYPES: Record<InvoiceCentresExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: XLSX_CONTENT_TYPE,
};

const frenchDate = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('/');

/** The CSV file: BOM and headers, then one row per invoice and centre, a batch of invoices at a time. */
export async function* invoiceCentresCsv(batches: AsyncIterable<InvoiceCentreExportRow[]>): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(INVOICE_CENTRES_EXPORT_HEADERS);
  for await (const batch of batches) {
    const rows = batch.map((row) =>
      INVOICE_CENTRES_EXPORT_COLUMNS.map((column) => {
        const value = column.value(row);
        return value instanceof Date ? frenchDate(value) : value;
      }),
    );
    if (rows.length > 0) yield csvRows(rows);
  }
}

async function* xlsxRows(batches: AsyncIterable<InvoiceCentreExportRow[]>): AsyncGenerator<XlsxCell[]> {
  for await (const batch of batches) {
    for (const row of batch) yield INVOICE_CENTRES_EXPORT_COLUMNS.map((column) => column.value(row));
  }
}

/** The workbook: one sheet, « Centres de coût », dates as dates and amounts as numbers. */
export function invoiceCentresXlsx(batches: AsyncIterable<InvoiceCentreExportRow[]>, modifiedAt: Date): AsyncGenerator<Buffer> {
  return xlsxStream(
    { name: 'Centres de coût', columns: INVOICE_CENTRES_EXPORT_COLUMNS.map(({ header, width }) => ({ header, width })), rows: xlsxRows(batches) },
    { modifiedAt },
  );
}
