import type { CreditNote } from '@ecare/shared/credit-notes';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { ReadFailed } from '../../../components/ui/query-states.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { nextSortOrder, type SortOrder } from '../../../components/ui/table/sortable-header.tsx';
import { useCreditNotes } from '../api/get-credit-notes.ts';
import { invoicePdfPath } from '../api/invoice-paths.ts';
import { EInvoiceXmlMenu } from './e-invoice-xml-menu.tsx';
import { CREDIT_NOTE_COMPARE, creditNoteSettlement, type CreditNoteSortKey } from '../utils/credit-note-format.ts';
import { formatDay, formatEuros, invoicePagePath } from '../utils/invoice-format.ts';

/** A credit note's files, as an invoice's: its PDF (Factur-X), and its data alone in CII or UBL. */
function CreditNoteDownloads({ idClientBscs, note }: { idClientBscs: number; note: CreditNote }) {
  const which = <span className="sr-only"> de l’avoir {note.reference}</span>;
  return (
    <div className="flex flex-wrap items-start gap-2">
      <DownloadButton
        className="btn-secondary whitespace-nowrap"
        label={<>PDF{which}</>}
        path={invoicePdfPath(idClientBscs, note.reference)}
        fallbackName={`avoir-${note.reference}.pdf`}
      />
      <EInvoiceXmlMenu idClientBscs={idClientBscs} reference={note.reference} kind="avoir" className="btn-secondary whitespace-nowrap" label={<>XML{which}</>} />
    </div>
  );
}

/** The account's credit notes, sorted on the page (newest first), each with the invoice it credits and how it was settled. */
export function CreditNotesTable({ idClientBscs, notes }: { idClientBscs: number; notes: readonly CreditNote[] }) {
  const [sort, setSort] = useState<{ key: CreditNoteSortKey; order: SortOrder }>({ key: 'date', order: 'desc' });
  const rows = useMemo(() => {
    const sorted = [...notes].sort(CREDIT_NOTE_COMPARE[sort.key]);
    return sort.order === 'desc' ? sorted.reverse() : sorted;
  }, [notes, sort]);

  const columns: DataColumn<CreditNote, CreditNoteSortKey>[] = [
    { id: 'avoir', header: 'Avoir', label: 'Avoir', sortKey: 'avoir', rowHeader: true, className: 'whitespace-nowrap', cell: (note) => note.reference },
    { id: 'date', header: 'Date', label: 'Date', sortKey: 'date', className: 'whitespace-nowrap', cell: (note) => formatDay(note.dateAvoir) },
    {
      id: 'facture',
      header: 'Facture',
      label: 'Facture',
      sortKey: 'facture',
      className: 'whitespace-nowrap',
      cell: (note) => (
        <Link to={invoicePagePath(note.factureReference)} className="link">
          <span className="sr-only">Facture </span>
          {note.factureReference}
        </Link>
      ),
    },
    { id: 'motif', header: 'Motif', className: 'min-w-48', cell: (note) => note.motif },
    { id: 'montant', header: 'Montant TTC', label: 'Montant TTC', sortKey: 'montant', className: 'whitespace-nowrap text-right', cell: (note) => formatEuros(note.montantTTC) },
    {
      id: 'reglement',
      header: 'Règlement',
      className: 'min-w-48',
      cell: (note) =>
        creditNoteSettlement(note).map((part) => (
          <span key={part} className="block">
            {part}
          </span>
        )),
    },
    {
      id: 'fichiers',
      header: <span className="sr-only">Téléchargements</span>,
      card: 'actions',
      cell: (note) => <CreditNoteDownloads idClientBscs={idClientBscs} note={note} />,
    },
  ];

  return (
    <DataTable
      caption="Mes avoirs"
      columns={columns}
      rows={rows}
      rowKey={(note) => note.reference}
      sort={{ ...sort, onSort: (key) => setSort({ key, order: nextSortOrder(sort, key) }) }}
    />
  );
}

/**
 * « Avoirs »: the credit notes issued on the account's complaints (decision 060), shown only
 * when there is one; each is set against its invoice, the rest paid back, and downloads as an
 * invoice does.
 */
export function CreditNotesSection({ idClientBscs }: { idClientBscs: number }) {
  const creditNotes = useCreditNotes(idClientBscs);
  // Read with the invoices before the page opens (the route's loader): nothing to wait for here.
  if (creditNotes.isPending || (creditNotes.data && creditNotes.data.avoirs.length === 0)) return null;
  return (
    <section aria-labelledby={`${idClientBscs}-avoirs`} className="space-y-3 border-t border-line-soft pt-6">
      <h2 id={`${idClientBscs}-avoirs`} className="text-xl font-bold text-primary-strong">
        Avoirs
      </h2>
      {creditNotes.isError ? (
        <ReadFailed error={creditNotes.error} onRetry={() => void creditNotes.refetch()} pending={creditNotes.isFetching} />
      ) : (
        <>
          <p className="text-muted">
            Émis à la suite de vos réclamations&nbsp;: chaque avoir est déduit de ce qui reste à payer sur la facture qu’il concerne, le surplus vous est
            remboursé. Il se télécharge comme une facture.
          </p>
          <CreditNotesTable idClientBscs={idClientBscs} notes={creditNotes.data.avoirs} />
        </>
      )}
    </section>
  );
}
