import type { Invoice, InvoiceSortField } from '@ecare/shared/invoices';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import type { TableSort } from '../../../components/ui/table/sortable-header.tsx';
import { invoicePdfPath } from '../api/invoice-paths.ts';
import { formatDay, formatEuros, invoicePagePath } from '../utils/invoice-format.ts';
import { InvoiceBadges } from './invoice-status-badge.tsx';

interface InvoicesTableProps {
  idClientBscs: number;
  invoices: readonly Invoice[];
  caption: string;
  sort: TableSort<InvoiceSortField>;
  empty: ReactNode;
}

/** The account's invoices: each opens its detail, and downloads as a PDF from its row. */
export function InvoicesTable({ idClientBscs, invoices, caption, sort, empty }: InvoicesTableProps) {
  const columns: DataColumn<Invoice, InvoiceSortField>[] = [
    {
      id: 'facture',
      header: 'Facture',
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (invoice) => (
        <Link to={invoicePagePath(invoice.referenceNumber)} className="link">
          <span className="sr-only">Facture </span>
          {invoice.referenceNumber}
        </Link>
      ),
    },
    { id: 'date', header: 'Date', sortKey: 'dateFacture', className: 'whitespace-nowrap', cell: (invoice) => formatDay(invoice.dateFacture) },
    { id: 'echeance', header: 'Échéance', sortKey: 'dateEcheance', className: 'whitespace-nowrap', cell: (invoice) => formatDay(invoice.dateEcheance) },
    { id: 'montant', header: 'Montant TTC', sortKey: 'montantTTC', className: 'whitespace-nowrap text-right', cell: (invoice) => formatEuros(invoice.montantTTC) },
    {
      id: 'reste',
      header: 'Reste à payer',
      sortKey: 'resteAPayer',
      className: 'whitespace-nowrap text-right',
      cell: (invoice) => <span className={invoice.resteAPayer > 0 ? 'font-semibold' : ''}>{formatEuros(invoice.resteAPayer)}</span>,
    },
    { id: 'statut', header: 'Statut', cell: (invoice) => <InvoiceBadges status={invoice.statut} complaint={invoice.reclamationEnCours} /> },
    {
      id: 'pdf',
      header: <span className="sr-only">Téléchargement</span>,
      card: 'actions',
      cell: (invoice) => (
        <DownloadButton
          className="btn-secondary whitespace-nowrap"
          label={
            <>
              PDF<span className="sr-only"> de la facture {invoice.referenceNumber}</span>
            </>
          }
          path={invoicePdfPath(idClientBscs, invoice.referenceNumber)}
          fallbackName={`facture-${invoice.referenceNumber}.pdf`}
        />
      ),
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={invoices} rowKey={(invoice) => invoice.referenceNumber} sort={sort} empty={empty} />;
}
