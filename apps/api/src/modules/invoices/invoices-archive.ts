import { CSV_BOM, csvRow, csvRows } from '../../lib/csv.ts';
import type { ZipEntry } from '../../lib/zip-stream.ts';
import type { CreditNoteRow } from './credit-notes.repository.ts';
import type { InvoiceRow } from './invoices.repository.ts';

/**
 * An archive of issued documents (decision 060): the Factur-X PDF of each invoice and credit note
 * of a year or a period, oldest first, and `index.csv`, one row per file, which an accounting tool
 * or an auditor reads before opening them. Each PDF is made when the archive reaches it.
 */

/** One document of the archive, as its index row describes it. */
interface ArchivedDocument {
  type: 'Facture' | 'Avoir';
  reference: string;
  date: string;
  /** The invoice a credit note credits. */
  origine: string | null;
  periodeDebut: string;
  periodeFin: string;
  htCentimes: number;
  tvaCentimes: number;
  ttcCentimes: number;
  file: string;
}

export const ARCHIVE_INDEX_NAME = 'index.csv';
export const ARCHIVE_INDEX_HEADERS = [
  'Type',
  'Référence',
  'Date',
  'Facture d’origine',
  'Début de période',
  'Fin de période',
  'Montant HT (€)',
  'TVA (€)',
  'Montant TTC (€)',
  'Fichier',
] as const;

const frenchDate = (isoDate: string) => isoDate.split('-').reverse().join('/');
const amount = (centimes: number) => centimes / 100;

export function archivedInvoice(row: InvoiceRow): ArchivedDocument {
  return {
    type: 'Facture',
    reference: row.referenceNumber,
    date: row.dateFacture,
    origine: null,
    periodeDebut: row.periodeDebut,
    periodeFin: row.periodeFin,
    htCentimes: row.montantHtCentimes,
    tvaCentimes: row.montantTvaCentimes,
    ttcCentimes: row.montantTtcCentimes,
    file: `facture-${row.referenceNumber}.pdf`,
  };
}

export function archivedCreditNote(row: CreditNoteRow): ArchivedDocument {
  return {
    type: 'Avoir',
    reference: row.reference,
    date: row.dateAvoir,
    origine: row.factureReference,
    periodeDebut: row.periodeDebut,
    periodeFin: row.periodeFin,
    htCentimes: row.montantHtCentimes,
    tvaCentimes: row.montantTvaCentimes,
    ttcCentimes: row.montantTtcCentimes,
    file: `avoir-${row.reference}.pdf`,
  };
}

/** The index: BOM and headers, then one row per document; a credit note's amounts as it states them (positive). */
export function archiveIndex(documents: readonly ArchivedDocument[]): string {
  return (
    CSV_BOM +
    csvRow(ARCHIVE_INDEX_HEADERS) +
    csvRows(
      documents.map((document) => [
        document.type,
        document.reference,
        frenchDate(document.date),
        document.origine,
        frenchDate(document.periodeDebut),
        frenchDate(document.periodeFin),
        amount(document.htCentimes),
        amount(document.tvaCentimes),
        amount(document.ttcCentimes),
        document.file,
      ]),
    )
  );
}

/** The archive's entries: the index, then each document's PDF, all in date order. */
export async function* archiveEntries(
  documents: readonly ArchivedDocument[],
  pdfOf: (document: ArchivedDocument) => Promise<Uint8Array>,
  madeAt: Date,
): AsyncGenerator<ZipEntry> {
  const sorted = [...documents].sort((a, b) => a.date.localeCompare(b.date) || a.reference.localeCompare(b.reference));
  yield { name: ARCHIVE_INDEX_NAME, content: [Buffer.from(archiveIndex(sorted))], modifiedAt: madeAt };
  for (const document of sorted) {
    yield {
      name: document.file,
      content: (async function* () {
        yield await pdfOf(document);
      })(),
      modifiedAt: new Date(`${document.date}T12:00:00Z`),
    };
  }
}
