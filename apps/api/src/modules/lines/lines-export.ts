import { LINE_STATUS_LABELS, type LineExportFormat } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { CSV_BOM, csvRow, csvRows } from '../../lib/csv.ts';
import { XLSX_CONTENT_TYPE, xlsxStream, type XlsxCell } from '../../lib/xlsx-stream.ts';
import type { LineExportRow } from './lines.repository.ts';
import { parisDay } from '@ecare/shared/paris-time';

/** A cell of the export before it takes a format: a calendar date is a `Date` at midnight UTC. */
type ExportValue = string | number | Date | null;

interface ExportColumn {
  header: string;
  /** Column width in the workbook, in characters. */
  width: number;
  value: (row: LineExportRow) => ExportValue;
}

/** A calendar date (YYYY-MM-DD) as a Date at midnight UTC. */
function calendarDate(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

/**
 * A number as the portal shows it (`formatPhone`): the stored ten-digit national form is grouped
 * in pairs without parsing it, which a 100,000-line export would otherwise pay for every row.
 */
function displayNumber(numeroLigne: string): string {
  return /^0\d{9}$/.test(numeroLigne) ? numeroLigne.replace(/(\d{2})(?=\d)/g, '$1 ') : formatPhone(numeroLigne);
}

/** The columns of the fleet export, in order, with their French headers. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Numéro de ligne', width: 16, value: (row) => displayNumber(row.numeroLigne) },
  { header: 'Statut', width: 22, value: (row) => LINE_STATUS_LABELS[row.codeStatut] },
  { header: 'Forfait', width: 30, value: (row) => row.libelleOffre },
  { header: 'Prix mensuel HT (€)', width: 12, value: (row) => row.prixMensuelCentimes / 100 },
  { header: 'Options', width: 40, value: (row) => row.options.join(', ') },
  { header: 'Prénom utilisateur', width: 18, value: (row) => row.utilisateurPrenom },
  { header: 'Nom utilisateur', width: 18, value: (row) => row.utilisateurNom },
  { header: 'E-mail utilisateur', width: 34, value: (row) => row.utilisateurEmail },
  { header: 'Type de SIM', width: 10, value: (row) => (row.typeSim === 'ESIM' ? 'eSIM' : 'SIM') },
  // The day the line was activated in France.
  { header: 'Date d’activation', width: 14, value: (row) => calendarDate(parisDay(row.dateActivation)) },
  { header: 'Fin d’engagement', width: 14, value: (row) => (row.dateFinEngagement ? calendarDate(row.dateFinEngagement) : null) },
  { header: 'Identifiant contrat', width: 14, value: (row) => row.idContrat },
  // Added after the first twelve, whose places spreadsheets may rely on (decision 048).
  { header: 'Code centre de coût', width: 14, value: (row) => row.centre?.code ?? null },
  { header: 'Centre de coût', width: 30, value: (row) => row.centre?.libelle ?? null },
  { header: 'Étiquettes', width: 30, value: (row) => (row.etiquettes.length > 0 ? row.etiquettes.join(', ') : null) },
  // Barrings (decision 053), after the centres and labels for the same reason.
  { header: 'Itinérance bloquée', width: 12, value: (row) => (row.barrageItinerance ? 'Oui' : 'Non') },
  { header: 'International bloqué', width: 12, value: (row) => (row.barrageInternational ? 'Oui' : 'Non') },
];

export const EXPORT_HEADERS = EXPORT_COLUMNS.map((column) => column.header);

export const EXPORT_CONTENT_TYPES: Record<LineExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: XLSX_CONTENT_TYPE,
};

/** DD/MM/YYYY, as French spreadsheets read a date. */
function frenchDate(date: Date): string {
  const [year, month, day] = date.toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/**
 * Rows the CSV goes out in at a time (about 16 KiB): small strings die young in V8's nursery,
 * where one string per 1,000-row batch (a third of a megabyte) would go straight to the
 * large-object space and swell the heap until a full collection.
 */
const CSV_PIECE_ROWS = 100;

function csvValues(row: LineExportRow) {
  return EXPORT_COLUMNS.map((column) => {
    const value = column.value(row);
    return value instanceof Date ? frenchDate(value) : value;
  });
}

/** The CSV file: BOM and headers, then the rows in pieces of CSV_PIECE_ROWS. */
export async function* csvExport(batches: AsyncIterable<LineExportRow[]>): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(EXPORT_HEADERS);
  for await (const batch of batches) {
    for (let start = 0; start < batch.length; start += CSV_PIECE_ROWS) yield csvRows(batch.slice(start, start + CSV_PIECE_ROWS).map(csvValues));
  }
}

async function* xlsxRows(batches: AsyncIterable<LineExportRow[]>): AsyncGenerator<XlsxCell[]> {
  for await (const batch of batches) {
    for (const row of batch) yield EXPORT_COLUMNS.map((column) => column.value(row));
  }
}

/** The workbook: one sheet, "Lignes", dates as dates and prices as numbers. */
export function xlsxExport(batches: AsyncIterable<LineExportRow[]>, modifiedAt: Date): AsyncGenerator<Buffer> {
  return xlsxStream(
    { name: 'Lignes', columns: EXPORT_COLUMNS.map(({ header, width }) => ({ header, width })), rows: xlsxRows(batches) },
    { modifiedAt },
  );
}
