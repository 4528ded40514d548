import type { Line, LinePageQuery } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import type { ReactNode } from 'react';
import { LineStatusBadge } from './line-status-badge.tsx';

type SortField = LinePageQuery['tri'];
type SortOrder = LinePageQuery['ordre'];

export interface LinesTableSort {
  field: SortField;
  order: SortOrder;
  onSort: (field: SortField) => void;
}

interface LinesTableProps {
  lines: readonly Line[];
  caption: ReactNode;
  /** When given, the column headers sort the table (server-side). */
  sort?: LinesTableSort;
}

const COLUMNS: { field: SortField; label: string }[] = [
  { field: 'numeroLigne', label: 'Numéro' },
  { field: 'libelleOffre', label: 'Forfait' },
  { field: 'codeStatut', label: 'Statut' },
];

function HeaderCell({ field, label, sort }: { field: SortField; label: string; sort: LinesTableSort | undefined }) {
  if (!sort) {
    return (
      <th scope="col" className="px-4 py-3 text-left font-semibold">
        {label}
      </th>
    );
  }
  const active = sort.field === field;
  const ariaSort = active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className="px-2 py-1 text-left font-semibold">
      <button type="button" className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 hover:bg-primary-soft" onClick={() => sort.onSort(field)}>
        {label}
        <span aria-hidden="true" className="text-muted">
          {active ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

export function LinesTable({ lines, caption, sort }: LinesTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line-soft bg-surface">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-canvas">
          <tr>
            {COLUMNS.map((column) => (
              <HeaderCell key={column.field} field={column.field} label={column.label} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.idContrat} className="border-b border-line-soft last:border-b-0">
              <td className="px-4 py-3 font-semibold whitespace-nowrap">{formatPhone(line.numeroLigne)}</td>
              <td className="px-4 py-3">{line.libelleOffre}</td>
              <td className="px-4 py-3">
                <LineStatusBadge status={line.codeStatut} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
