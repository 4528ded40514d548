import { useEffect, useRef, type Key } from 'react';

/**
 * Rows chosen in a table, kept by the page (they may span several pages of a server list): the
 * table shows and changes them, the page acts on them (an export, a bulk action).
 */
export interface TableSelection<Row> {
  /** Keys of the chosen rows, on the page shown or not. */
  selected: ReadonlySet<Key>;
  onChange: (selected: Set<Key>) => void;
  /** Accessible name of a row's checkbox, naming the row: “Sélectionner la ligne 06 12 34 56 78”. */
  rowLabel: (row: Row) => string;
  /** Accessible name of the header's checkbox, which chooses every row shown. */
  pageLabel?: string;
}

const boxClass = 'flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md hover:bg-primary-soft';
const inputClass = 'size-5 cursor-pointer accent-primary';

/** The keys of `selected` plus or minus those of the page. */
export function withPage(selected: ReadonlySet<Key>, pageKeys: readonly Key[], chosen: boolean): Set<Key> {
  const next = new Set(selected);
  for (const key of pageKeys) {
    if (chosen) next.add(key);
    else next.delete(key);
  }
  return next;
}

/**
 * The header's checkbox: checked when every row shown is chosen, mixed when only some are (the
 * native indeterminate state, which screen readers announce); it chooses, or lets go of, every
 * row shown, leaving the rows of other pages as they are.
 */
export function SelectAllCheckbox<Row>({
  selection,
  pageKeys,
  showLabel = false,
}: {
  selection: TableSelection<Row>;
  pageKeys: readonly Key[];
  /** Its name shown beside it (above cards), not only to screen readers (in a column header). */
  showLabel?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const chosen = pageKeys.filter((key) => selection.selected.has(key)).length;
  const all = pageKeys.length > 0 && chosen === pageKeys.length;
  const some = chosen > 0 && !all;
  // `indeterminate` exists only as a DOM property.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <label className={showLabel ? `${boxClass} gap-2 px-2` : boxClass}>
      <input
        ref={ref}
        type="checkbox"
        className={inputClass}
        checked={all}
        disabled={pageKeys.length === 0}
        data-select-page=""
        onChange={() => selection.onChange(withPage(selection.selected, pageKeys, !all))}
      />
      <span className={showLabel ? '' : 'sr-only'}>{selection.pageLabel ?? 'Sélectionner toutes les lignes de la page'}</span>
    </label>
  );
}

export function SelectRowCheckbox<Row>({ selection, row, rowKey }: { selection: TableSelection<Row>; row: Row; rowKey: Key }) {
  const checked = selection.selected.has(rowKey);
  return (
    <label className={boxClass}>
      <input
        type="checkbox"
        className={inputClass}
        checked={checked}
        onChange={() => selection.onChange(withPage(selection.selected, [rowKey], !checked))}
      />
      <span className="sr-only">{selection.rowLabel(row)}</span>
    </label>
  );
}
