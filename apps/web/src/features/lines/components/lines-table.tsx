import type { Line, LinePageQuery } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/ui/table/data-table.tsx';
import type { TableSort } from '../../../components/ui/table/sortable-header.tsx';
import { linePath } from '../utils/line-path.ts';
import { LineStatusBadge } from './line-status-badge.tsx';

export type LineSortField = LinePageQuery['tri'];

interface LinesTableProps {
  lines: readonly Line[];
  caption: ReactNode;
  /** When given, the column headers sort the table (server-side). */
  sort?: TableSort<LineSortField>;
  /** Shown instead of an empty table. */
  empty?: ReactNode;
}

const COLUMNS: DataColumn<Line, LineSortField>[] = [
  {
    id: 'numero',
    header: 'Numéro',
    sortKey: 'numeroLigne',
    rowHeader: true,
    className: 'whitespace-nowrap',
    // Each row opens the line's page.
    cell: (line) => (
      <Link to={linePath(line.idContrat)} className="link">
        {formatPhone(line.numeroLigne)}
      </Link>
    ),
  },
  { id: 'forfait', header: 'Forfait', sortKey: 'libelleOffre', cell: (line) => line.libelleOffre },
  { id: 'statut', header: 'Statut', sortKey: 'codeStatut', cell: (line) => <LineStatusBadge status={line.codeStatut} /> },
];

/** Lines of a billing account: number, plan and status. */
export function LinesTable({ lines, caption, sort, empty }: LinesTableProps) {
  return <DataTable caption={caption} columns={COLUMNS} rows={lines} rowKey={(line) => line.idContrat} sort={sort} empty={empty} />;
}
