import type { SupportTicket } from '@ecare/shared/support';
import { Paperclip } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { Pagination } from '../../../components/ui/table/pagination.tsx';
import { SUPPORT_TICKETS_PAGE_SIZE, useSupportTickets } from '../api/get-support-tickets.ts';
import { formatFileSize } from '../../../lib/attachment-file.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

const COLUMNS: readonly DataColumn<SupportTicket>[] = [
  { id: 'reference', header: 'Référence', cell: (ticket) => ticket.reference, rowHeader: true, className: 'whitespace-nowrap font-semibold' },
  { id: 'date', header: 'Envoyée le', cell: (ticket) => dateTime.format(new Date(ticket.dateCreation)), className: 'whitespace-nowrap' },
  {
    id: 'theme',
    header: 'Thème',
    cell: (ticket) => (
      <>
        {ticket.theme}
        {ticket.sousTheme ? <span className="block text-sm text-muted">{ticket.sousTheme}</span> : null}
      </>
    ),
  },
  {
    id: 'objet',
    header: 'Objet',
    cell: (ticket) => (
      <>
        <span className="break-words">{ticket.objet}</span>
        {ticket.pieceJointe ? (
          <span className="mt-1 flex items-center gap-1 text-sm text-muted">
            <Paperclip aria-hidden="true" className="size-4 shrink-0" />
            <span className="break-all">
              <span className="sr-only">Pièce jointe&nbsp;: </span>
              {ticket.pieceJointe.nom} ({formatFileSize(ticket.pieceJointe.taille)})
            </span>
          </span>
        ) : null}
      </>
    ),
  },
  { id: 'statut', header: 'Statut', cell: (ticket) => <TicketStatusBadge status={ticket.statut} /> },
];

/**
 * The signed-in customer's requests sent with the contact form, newest first, with their status;
 * an empty list says how to send one (`newRequest`).
 */
export function SupportTickets({ newRequest }: { newRequest: ReactNode }) {
  const [page, setPage] = useState(1);
  const tickets = useSupportTickets(page);
  if (tickets.isPending) {
    return (
      <p className="flex items-center gap-3 text-muted">
        <Spinner /> Chargement de vos demandes…
      </p>
    );
  }
  if (tickets.isError) return <ApiErrorAlert error={tickets.error} />;
  const { demandes, total } = tickets.data;
  const pageCount = Math.max(1, Math.ceil(total / SUPPORT_TICKETS_PAGE_SIZE));
  return (
    <div className="space-y-4">
      {total > 0 ? <p className="text-muted">{total > 1 ? `${total} demandes envoyées` : '1 demande envoyée'}</p> : null}
      <DataTable
        caption="Mes demandes au service client"
        columns={COLUMNS}
        rows={demandes}
        rowKey={(ticket) => ticket.reference}
        empty={
          <EmptyState title="Vous n’avez envoyé aucune demande au service client." action={newRequest}>
            Les messages que vous envoyez avec le formulaire de contact apparaissent ici avec leur référence et leur avancement.
          </EmptyState>
        }
      />
      <Pagination label="Pagination de mes demandes" page={tickets.data.page} pageCount={pageCount} onPage={setPage} />
    </div>
  );
}
