import { useId, type Key, type ReactNode } from 'react';
import type { DataColumn, TableFooter } from './data-table.tsx';
import { SelectAllCheckbox, SelectRowCheckbox, type TableSelection } from './row-selection.tsx';
import type { TableSort } from './sortable-header.tsx';

/** What a column is on a card: the card's title (by default the row header), a key fact, the row's actions, or left out. */
export type CardRole = 'title' | 'fact' | 'actions' | 'none';

export function cardRoleOf<Row, K extends string>(column: DataColumn<Row, K>): CardRole {
  return column.card ?? (column.rowHeader ? 'title' : 'fact');
}

/** The column's name as text: its header, or its `label` when the header is not text. */
export function columnLabel<Row, K extends string>(column: DataColumn<Row, K>): string {
  return typeof column.header === 'string' ? column.header : (column.label ?? column.id);
}

interface DataCardsProps<Row, K extends string> {
  captionId: string;
  caption: ReactNode;
  showCaption: boolean;
  columns: readonly DataColumn<Row, K>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  sort?: TableSort<K>;
  selection?: TableSelection<Row>;
  footer?: TableFooter;
}

/** The sort of the cards, which have no column headers: a column, then an order. */
function SortChoice<Row, K extends string>({ columns, sort }: { columns: readonly DataColumn<Row, K>[]; sort: TableSort<K> }) {
  const id = useId();
  const sortable = columns.filter((column) => column.sortKey !== undefined);
  return (
    <>
      <div>
        <label htmlFor={`${id}-cle`} className="field-label">
          Trier par
        </label>
        <select
          id={`${id}-cle`}
          className="field-input w-auto"
          value={sort.key}
          onChange={(event) => {
            const chosen = sortable.find((column) => column.sortKey === event.target.value)?.sortKey;
            if (chosen !== undefined) sort.onSort(chosen);
          }}
        >
          {sortable.map((column) => (
            <option key={column.id} value={column.sortKey}>
              {columnLabel(column)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-ordre`} className="field-label">
          Ordre
        </label>
        <select
          id={`${id}-ordre`}
          className="field-input w-auto"
          value={sort.order}
          // The table's sort turns the order of the sorted column round.
          onChange={(event) => (event.target.value === sort.order ? undefined : sort.onSort(sort.key))}
        >
          <option value="asc">Croissant</option>
          <option value="desc">Décroissant</option>
        </select>
      </div>
    </>
  );
}

/**
 * A table's rows as a list of cards, for phones (UI.md "Data"): each card shows the row's title,
 * its key facts under their column's name, and its actions; sorting and selection stay, above
 * the list. Nothing is wider than the screen.
 */
export function DataCards<Row, K extends string>({ captionId, caption, showCaption, columns, rows, rowKey, sort, selection, footer }: DataCardsProps<Row, K>) {
  const titleIds = useId();
  const title = columns.find((column) => cardRoleOf(column) === 'title');
  const facts = columns.filter((column) => cardRoleOf(column) === 'fact');
  const actions = columns.filter((column) => cardRoleOf(column) === 'actions');
  const sortable = sort !== undefined && columns.some((column) => column.sortKey !== undefined);
  return (
    <div className="space-y-3">
      <p id={captionId} className={showCaption ? 'font-semibold' : 'sr-only'}>
        {caption}
      </p>
      {sortable || selection ? (
        <div className="flex flex-wrap items-end gap-3">
          {selection ? <SelectAllCheckbox selection={selection} pageKeys={rows.map(rowKey)} showLabel /> : null}
          {sort && sortable ? <SortChoice columns={columns} sort={sort} /> : null}
        </div>
      ) : null}
      <ul aria-labelledby={captionId} className="space-y-3">
        {rows.map((row, index) => {
          const key = rowKey(row);
          const selected = selection?.selected.has(key) === true;
          // Each card is named by its title, as a table row is headed by its row header.
          const titleId = `${titleIds}-${index}`;
          return (
            <li
              key={key}
              aria-labelledby={title ? titleId : undefined}
              className={`relative rounded-lg border border-line-soft p-4 ${selected ? 'bg-primary-soft' : 'bg-surface'}`}
            >
              {selection || title ? (
                <div className="flex items-center gap-2">
                  {selection ? <SelectRowCheckbox selection={selection} row={row} rowKey={key} /> : null}
                  {title ? (
                    <div id={titleId} className="min-w-0 flex-1 font-semibold break-words">
                      {title.cell(row)}
                    </div>
                  ) : null}
                </div>
              ) : null}
              {facts.length > 0 ? (
                <dl className="mt-2 space-y-1">
                  {facts.map((column) => (
                    <div key={column.id} className="flex flex-wrap gap-x-3">
                      <dt className="text-muted">{column.header}</dt>
                      <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {actions.length > 0 ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  {actions.map((column) => (
                    <div key={column.id}>{column.cell(row)}</div>
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {footer ? (
        // The total, after the list: its title from the row header's column, its figures under their columns' names.
        <div className="rounded-lg border-2 border-line bg-canvas p-4">
          {title ? <p className="font-semibold">{footer[title.id]}</p> : null}
          <dl className="mt-2 space-y-1">
            {facts
              .filter((column) => footer[column.id] !== undefined)
              .map((column) => (
                <div key={column.id} className="flex flex-wrap gap-x-3">
                  <dt className="text-muted">{column.header}</dt>
                  <dd className="min-w-0 font-semibold break-words">{footer[column.id]}</dd>
                </div>
              ))}
          </dl>
        </div>
      ) : null}
    </div>
  );
}
