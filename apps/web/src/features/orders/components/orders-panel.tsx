import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS } from '@ecare/shared/shop';
import type { OrderSortField, OrderSummary } from '@ecare/shared/orders';
import { ShoppingBag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { Pagination } from '../../../components/ui/table/pagination.tsx';
import { nextSortOrder } from '../../../components/ui/table/sortable-header.tsx';
import { useOrders } from '../api/get-orders.ts';
import { ORDERS_PAGE_SIZE, orderExportPath, orderPagePath, type OrderListParams } from '../api/paths.ts';
import { formatEuros, formatOrderDate } from '../utils/order-format.ts';

const orderCount = (total: number) => (total === 0 ? 'Aucune commande' : total === 1 ? '1 commande' : `${total} commandes`);

function ChoiceFilter({ label, value, choices, onChange }: { label: string; value: number | null; choices: Record<number, string>; onChange: (value: number | null) => void }) {
  const id = useId();
  // Statuses sharing a label (two card-payment providers) are offered once.
  const seen = new Set<string>();
  const options = Object.entries(choices).filter(([, text]) => !seen.has(text) && Boolean(seen.add(text)));
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="field-input w-full sm:w-64" value={value === null ? '' : String(value)} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}>
        <option value="">Tous</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function NumeroSearch({ value, onSearch }: { value: string; onSearch: (numero: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim().toUpperCase().replace(/[^A-Z0-9-]/g, '').slice(0, 20));
  };
  return (
    <form role="search" aria-label="Rechercher une commande" onSubmit={submit} className="flex items-end gap-2">
      <div>
        <label htmlFor={id} className="field-label">
          Numéro de commande
        </label>
        <input id={id} className="field-input w-full sm:w-56" value={text} maxLength={20} placeholder="CMD-2026-000001" onChange={(event) => setText(event.target.value)} />
      </div>
      <button type="submit" className="btn-secondary">
        Rechercher
      </button>
    </form>
  );
}

/**
 * The account's orders: filters by status and type, a search by number, the table sorted and
 * paged by the server, and the list as CSV.
 */
export function OrdersPanel({ idClientBscs, params, onChange }: { idClientBscs: number; params: OrderListParams; onChange: (params: OrderListParams) => void }) {
  const orders = useOrders(idClientBscs, params);
  if (orders.isPending) return <WaitingText>Chargement de vos commandes…</WaitingText>;
  if (orders.isError && !orders.data) return <ReadFailed error={orders.error} onRetry={() => void orders.refetch()} pending={orders.isFetching} />;
  const page = orders.data;
  const pageCount = Math.max(1, Math.ceil(page.total / ORDERS_PAGE_SIZE));
  const onSort = (field: OrderSortField) => onChange({ ...params, page: 1, tri: field, ordre: nextSortOrder({ key: params.tri, order: params.ordre }, field) });
  const filtered = params.statut !== null || params.type !== null || params.numero !== '';
  const columns: DataColumn<OrderSummary, OrderSortField>[] = [
    {
      id: 'numero',
      header: 'Numéro',
      sortKey: 'numero',
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (order) => (
        <Link to={orderPagePath(order.numero)} className="link">
          <span className="sr-only">Commande </span>
          {order.numero}
        </Link>
      ),
    },
    { id: 'date', header: 'Date', sortKey: 'date', className: 'whitespace-nowrap', cell: (order) => formatOrderDate(order.date) },
    { id: 'type', header: 'Type', sortKey: 'type', cell: (order) => order.typeLibelle },
    { id: 'statut', header: 'Statut', sortKey: 'statut', cell: (order) => order.statutLibelle },
    { id: 'total', header: 'Total TTC', sortKey: 'totalTtc', className: 'whitespace-nowrap text-right', cell: (order) => formatEuros(order.totalTtc) },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4">
        <ChoiceFilter label="Statut" value={params.statut} choices={ORDER_STATUS_LABELS} onChange={(statut) => onChange({ ...params, statut, page: 1 })} />
        <ChoiceFilter label="Type" value={params.type} choices={ORDER_TYPE_LABELS} onChange={(type) => onChange({ ...params, type, page: 1 })} />
        <NumeroSearch key={params.numero} value={params.numero} onSearch={(numero) => onChange({ ...params, numero, page: 1 })} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p aria-live="polite" className="font-semibold">
          {orderCount(page.total)}
        </p>
        {page.total > 0 ? <DownloadButton label="Exporter les commandes (CSV)" path={orderExportPath(idClientBscs, params)} fallbackName={`commandes-${idClientBscs}.csv`} /> : null}
      </div>
      <DataTable
        caption={`Mes commandes, page ${page.page} sur ${pageCount}`}
        columns={columns}
        rows={page.commandes}
        rowKey={(order) => order.numero}
        sort={{ key: params.tri, order: params.ordre, onSort }}
        empty={
          <EmptyState
            icon={ShoppingBag}
            title={filtered ? 'Aucune commande ne correspond à ces critères.' : 'Aucune commande n’a encore été passée pour ce compte de facturation.'}
            action={
              filtered ? (
                <button type="button" className="btn-secondary" onClick={() => onChange({ ...params, statut: null, type: null, numero: '', page: 1 })}>
                  Afficher toutes les commandes
                </button>
              ) : undefined
            }
          >
            Vos commandes de lignes et de téléphones apparaissent ici dès qu’elles sont enregistrées.
          </EmptyState>
        }
      />
      {pageCount > 1 ? <Pagination page={page.page} pageCount={pageCount} onPage={(next) => onChange({ ...params, page: next })} label="Pagination des commandes" /> : null}
    </div>
  );
}
