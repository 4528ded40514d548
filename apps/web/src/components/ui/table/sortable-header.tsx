import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';

export type SortOrder = 'asc' | 'desc';

/** The sort a table is shown in, and what a click on a sortable header asks for. */
export interface TableSort<K extends string> {
  key: K;
  order: SortOrder;
  onSort: (key: K) => void;
}

interface SortableHeaderProps<K extends string> {
  sortKey: K;
  sort: TableSort<K>;
  children: ReactNode;
  className?: string;
}

/** Next order when a header is clicked: ascending first, then the other way round. */
export function nextSortOrder<K extends string>(sort: { key: K; order: SortOrder }, key: K): SortOrder {
  return sort.key === key && sort.order === 'asc' ? 'desc' : 'asc';
}

/**
 * Column header that sorts the table (WAI-ARIA sortable table): `aria-sort` on the header of
 * the sorted column only, a button inside it, the arrow only decorative.
 */
export function SortableHeader<K extends string>({ sortKey, sort, children, className = '' }: SortableHeaderProps<K>) {
  const active = sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-2 py-1 text-left font-semibold ${className}`}
    >
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-left hover:bg-primary-soft"
        onClick={() => sort.onSort(sortKey)}
      >
        {children}
        <Icon aria-hidden="true" className={`size-4 shrink-0 ${active ? 'text-primary' : 'text-muted'}`} />
      </button>
    </th>
  );
}
