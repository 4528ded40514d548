import {
  CUSTOMER_REQUEST_TYPE_LABELS,
  CUSTOMER_REQUEST_TYPES,
  type CustomerRequest,
  type CustomerRequestSort,
  type CustomerRequestType,
} from '@ecare/shared/support-requests';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { Pagination } from '../../../components/ui/table/pagination.tsx';
import { nextSortOrder } from '../../../components/ui/table/sortable-header.tsx';
import { CUSTOMER_REQUESTS_PAGE_SIZE, useCustomerRequests, type CustomerRequestParams } from '../api/get-customer-requests.ts';
import { requestPagePath } from '../utils/request-links.ts';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

const requestCount = (total: number, type: CustomerRequestType | null) => {
  const what = total > 1 ? 'demandes' : 'demande';
  const kind = type ? ` (${CUSTOMER_REQUEST_TYPE_LABELS[type].toLowerCase()})` : '';
  return total === 0 ? 'Aucune demande' : `${total} ${what}${kind}`;
};

/** A request still awaiting something stands out from those that are over. */
function RequestStatus({ request }: { request: CustomerRequest }) {
  const tone = request.enCours ? 'bg-primary-soft text-primary-strong' : 'bg-canvas text-muted';
  return <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${tone}`}>{request.statutLibelle}</span>;
}

const COLUMNS: readonly DataColumn<CustomerRequest, CustomerRequestSort>[] = [
  {
    id: 'reference',
    header: 'Référence',
    rowHeader: true,
    className: 'whitespace-nowrap',
    cell: (request) => (
      <Link to={requestPagePath(request)} className="link">
        <span className="sr-only">{CUSTOMER_REQUEST_TYPE_LABELS[request.type]} </span>
        {request.reference}
      </Link>
    ),
  },
  { id: 'type', header: 'Type', sortKey: 'type', cell: (request) => CUSTOMER_REQUEST_TYPE_LABELS[request.type] },
  {
    id: 'intitule',
    header: 'Objet',
    cell: (request) => (
      <>
        <span className="break-words">{request.intitule}</span>
        {request.precision ? <span className="block text-sm text-muted">{request.precision}</span> : null}
      </>
    ),
  },
  { id: 'date', header: 'Faite le', sortKey: 'date', className: 'whitespace-nowrap', cell: (request) => dateTime.format(new Date(request.dateCreation)) },
  { id: 'statut', header: 'Statut', cell: (request) => <RequestStatus request={request} /> },
];

function KindFilter({ value, onChange }: { value: CustomerRequestType | null; onChange: (type: CustomerRequestType | null) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Type de demande
      </label>
      <select id={id} className="field-input w-full sm:w-80" value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : (event.target.value as CustomerRequestType))}>
        <option value="">Toutes les demandes</option>
        {CUSTOMER_REQUEST_TYPES.map((type) => (
          <option key={type} value={type}>
            {CUSTOMER_REQUEST_TYPE_LABELS[type]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Every request the signed-in customer made (decision 024): messages to the customer service,
 * invoice complaints, terminations and appointments, in one list with a kind filter, sorted by
 * date or kind, each leading to its page; an empty list says how to make one (`newRequest`).
 */
export function CustomerRequests({ params, onChange, newRequest }: { params: CustomerRequestParams; onChange: (params: CustomerRequestParams) => void; newRequest: ReactNode }) {
  const requests = useCustomerRequests(params);
  if (requests.isPending) return <WaitingText>Chargement de vos demandes…</WaitingText>;
  if (requests.isError && !requests.data) return <ReadFailed error={requests.error} onRetry={() => void requests.refetch()} pending={requests.isFetching} />;
  const { demandes, total, page } = requests.data;
  const pageCount = Math.max(1, Math.ceil(total / CUSTOMER_REQUESTS_PAGE_SIZE));
  const onSort = (tri: CustomerRequestSort) => onChange({ ...params, page: 1, tri, ordre: nextSortOrder({ key: params.tri, order: params.ordre }, tri) });
  return (
    <div className="space-y-4">
      <KindFilter value={params.type} onChange={(type) => onChange({ ...params, type, page: 1 })} />
      <p aria-live="polite" className="font-semibold">
        {requestCount(total, params.type)}
      </p>
      <DataTable
        caption={`Mes demandes, page ${page} sur ${pageCount}`}
        columns={COLUMNS}
        rows={demandes}
        rowKey={(request) => `${request.type}-${request.reference}`}
        sort={{ key: params.tri, order: params.ordre, onSort }}
        empty={
          <EmptyState
            title={params.type ? 'Aucune demande de ce type.' : 'Vous n’avez fait aucune demande.'}
            action={
              params.type ? (
                <button type="button" className="btn-secondary" onClick={() => onChange({ ...params, type: null, page: 1 })}>
                  Afficher toutes les demandes
                </button>
              ) : (
                newRequest
              )
            }
          >
            Vos messages au service client, vos réclamations sur facture, vos demandes de résiliation et vos rendez-vous apparaissent ici avec leur référence et leur avancement.
          </EmptyState>
        }
      />
      {pageCount > 1 ? <Pagination label="Pagination de mes demandes" page={page} pageCount={pageCount} onPage={(next) => onChange({ ...params, page: next })} /> : null}
    </div>
  );
}
