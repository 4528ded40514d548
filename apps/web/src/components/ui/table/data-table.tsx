import { useId, type Key, type ReactNode } from 'react';
import { useNarrowScreen } from '../../../lib/use-narrow-screen.ts';
import { DataCards, type CardRole } from './data-cards.tsx';
import { SelectAllCheckbox, SelectRowCheckbox, type TableSelection } from './row-selection.tsx';
import { SortableHeader, type TableSort } from './sortable-header.tsx';

export interface DataColumn<Row, K extends string = string> {
  /** Column id, unique in the table. */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Server sort key: makes the header a sort button. */
  sortKey?: K;
  /** The row's header cell (th scope=row), usually its identifying value. */
  rowHeader?: boolean;
  /** Classes of the header and body cells (alignment, width, nowrap); not used on cards. */
  className?: string;
  /**
   * What the column is on a phone, where each row is a card (data-cards.tsx): the card's `title`
   * (by default the row header), a key `fact` shown under the column's name (the default), the
   * row's `actions` (at the card's foot), or `none` (left out).
   */
  card?: CardRole;
  /** The column's name as text, where `header` is not text (the sort choice on cards). */
  label?: string;
}

interface DataTableProps<Row, K extends string> {
  /** Names the table for assistive technology; visually hidden unless `showCaption`. */
  caption: ReactNode;
  showCaption?: boolean;
  columns: readonly DataColumn<Row, K>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Current server sort; without it no header sorts. */
  sort?: TableSort<K>;
  /** Shown instead of the table when `rows` is empty (see EmptyState). */
  empty?: ReactNode;
  /** Rows can be chosen: a first column of checkboxes, with one in its header for the whole page. */
  selection?: TableSelection<Row>;
  /**
   * A last row under the others, kept there whatever the sort (a total): its cells by column id,
   * the row header's column naming it. On cards, one more card after the list.
   */
  footer?: TableFooter;
}

/** The cells of a table's last row (a total), by column id; a column left out is empty. */
export type TableFooter = Readonly<Record<string, ReactNode>>;

const cellClass = 'px-4 py-3 text-left align-top';

/**
 * A table of server data: columns as plain objects, optional server-side sort on the headers
 * (aria-sort), optional row selection (checkboxes, the header's for the page shown), and an
 * empty state in place of no rows. On a phone (below about 700 px) the rows are a list of cards
 * instead, each column being what its `card` says.
 */
export function DataTable<Row, K extends string = string>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  sort,
  empty,
  selection,
  footer,
}: DataTableProps<Row, K>) {
  const captionId = useId();
  const narrow = useNarrowScreen();
  if (rows.length === 0 && empty) return <>{empty}</>;
  if (narrow) {
    return (
      <DataCards
        captionId={captionId}
        caption={caption}
        showCaption={showCaption}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        sort={sort}
        selection={selection}
        footer={footer}
      />
    );
  }
  const pageKeys = selection ? rows.map(rowKey) : [];
  return (
    // A table a little too wide scrolls sideways: the region takes the focus so the keyboard can scroll it.
    // Positioned, so that words for screen readers only (absolutely placed) in a cell scroll with it instead of widening the page.
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-line-soft bg-surface">
      <table className="w-full border-collapse text-left">
        <caption id={captionId} className={showCaption ? 'px-4 py-3 text-left font-semibold' : 'sr-only'}>
          {caption}
        </caption>
        <thead className="border-b border-line bg-canvas">
          <tr>
            {selection ? (
              <th scope="col" className="w-12 px-2 py-1">
                <SelectAllCheckbox selection={selection} pageKeys={pageKeys} />
              </th>
            ) : null}
            {columns.map((column) =>
              sort && column.sortKey !== undefined ? (
                <SortableHeader key={column.id} sortKey={column.sortKey} sort={sort} className={column.className}>
                  {column.header}
                </SortableHeader>
              ) : (
                <th key={column.id} scope="col" className={`${cellClass} font-semibold ${column.className ?? ''}`}>
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            const selected = selection?.selected.has(key) === true;
            return (
              <tr key={key} className={`border-b border-line-soft last:border-b-0 ${selected ? 'bg-primary-soft' : ''}`}>
                {selection ? (
                  <td className="w-12 px-2 py-1 align-top">
                    <SelectRowCheckbox selection={selection} row={row} rowKey={key} />
                  </td>
                ) : null}
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} scope="row" className={`${cellClass} font-semibold ${column.className ?? ''}`}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={`${cellClass} ${column.className ?? ''}`}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
        {footer ? (
          <tfoot className="border-t-2 border-line bg-canvas font-semibold">
            <tr>
              {selection ? <td className="w-12 px-2 py-1" /> : null}
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.id} scope="row" className={`${cellClass} ${column.className ?? ''}`}>
                    {footer[column.id]}
                  </th>
                ) : (
                  <td key={column.id} className={`${cellClass} ${column.className ?? ''}`}>
                    {footer[column.id]}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
