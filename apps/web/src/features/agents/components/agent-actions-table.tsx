import type { AgentAction } from '@ecare/shared/agents';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

const COLUMNS: readonly DataColumn<AgentAction>[] = [
  { id: 'date', header: 'Date', cell: (row) => dateTime.format(new Date(row.date)), rowHeader: true, className: 'whitespace-nowrap' },
  { id: 'agent', header: 'Conseiller', cell: (row) => row.agent },
  { id: 'action', header: 'Action', cell: (row) => row.action },
  { id: 'motif', header: 'Motif', cell: (row) => row.motif ?? '–' },
  { id: 'acteur', header: 'Pour le compte de', cell: (row) => row.acteur || '–' },
];

/** What customer-service agents did on the account, newest first. */
export function AgentActionsTable({ actions }: { actions: readonly AgentAction[] }) {
  return (
    <DataTable
      caption="Actions du service client sur votre compte"
      columns={COLUMNS}
      rows={actions}
      rowKey={(row) => `${row.date}-${row.action}-${row.agent}`}
      empty={<EmptyState title="Aucune action du service client">Aucun conseiller n’a agi pour votre compte.</EmptyState>}
    />
  );
}
