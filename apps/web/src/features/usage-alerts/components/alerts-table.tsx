import { alertSentence, type Alert } from '@ecare/shared/usage-alerts';
import { formatPhone } from '@ecare/shared/phone';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { nextSortOrder, type SortOrder } from '../../../components/ui/table/sortable-header.tsx';
import { useUpdateAlert } from '../api/update-alert.ts';
import { alertMoment, alertStatusLabel, alertTypeLabel, lineConsumptionPath } from './alert-text.ts';

type SortKey = 'date' | 'ligne' | 'statut';

const STATUS_ORDER = { NOUVELLE: 0, VUE: 1, RESOLUE: 2 } as const;
const compare: Record<SortKey, (a: Alert, b: Alert) => number> = {
  date: (a, b) => a.declencheeLe.localeCompare(b.declencheeLe) || a.idAlerte - b.idAlerte,
  ligne: (a, b) => a.numeroLigne.localeCompare(b.numeroLigne) || a.declencheeLe.localeCompare(b.declencheeLe),
  statut: (a, b) => STATUS_ORDER[a.statut] - STATUS_ORDER[b.statut] || a.declencheeLe.localeCompare(b.declencheeLe),
};

interface AlertsTableProps {
  alerts: readonly Alert[];
  caption: string;
  /** A manager may resolve; a line user only marks seen. */
  mayResolve: boolean;
  empty: string;
}

/** Alerts with what each says, sortable, each marked seen or resolved in one click. */
export function AlertsTable({ alerts, caption, mayResolve, empty }: AlertsTableProps) {
  const [sort, setSort] = useState<{ key: SortKey; order: SortOrder }>({ key: 'date', order: 'desc' });
  const update = useUpdateAlert();
  const rows = useMemo(() => {
    const sorted = [...alerts].sort(compare[sort.key]);
    return sort.order === 'desc' ? sorted.reverse() : sorted;
  }, [alerts, sort]);

  const columns: DataColumn<Alert, SortKey>[] = [
    { id: 'date', header: 'Déclenchée le', label: 'Déclenchée le', sortKey: 'date', cell: alertMoment, className: 'whitespace-nowrap' },
    {
      id: 'ligne',
      header: 'Ligne',
      label: 'Ligne',
      sortKey: 'ligne',
      rowHeader: true,
      cell: (alert) => (
        <Link to={lineConsumptionPath(alert.idContrat)} className="link whitespace-nowrap">
          {formatPhone(alert.numeroLigne)}
        </Link>
      ),
    },
    {
      id: 'alerte',
      header: 'Alerte',
      cell: (alert) => (
        <>
          <span className="font-semibold">{alertTypeLabel(alert)}</span>
          <span className="block">{alertSentence(alert)}</span>
          {alert.blocage ? <span className="block font-semibold text-accent-strong">Données de la ligne suspendues</span> : null}
        </>
      ),
    },
    { id: 'statut', header: 'Statut', label: 'Statut', sortKey: 'statut', cell: alertStatusLabel },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'actions',
      cell: (alert) => (
        <div className="flex flex-wrap gap-2">
          {alert.statut === 'NOUVELLE' ? (
            <button type="button" className="btn-secondary" disabled={update.isPending} onClick={() => update.mutate({ idAlerte: alert.idAlerte, statut: 'VUE' })}>
              Marquer comme vue<span className="sr-only"> : {alertSentence(alert)}</span>
            </button>
          ) : null}
          {mayResolve && alert.statut !== 'RESOLUE' ? (
            <button type="button" className="btn-secondary" disabled={update.isPending} onClick={() => update.mutate({ idAlerte: alert.idAlerte, statut: 'RESOLUE' })}>
              Marquer comme résolue<span className="sr-only"> : {alertSentence(alert)}</span>
            </button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-3">
      {update.error ? <ApiErrorAlert error={update.error} /> : null}
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={(alert) => alert.idAlerte}
        sort={{ ...sort, onSort: (key) => setSort({ key, order: nextSortOrder(sort, key) }) }}
        empty={<EmptyState title={empty} />}
      />
    </div>
  );
}
