import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState, type Key } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPhoneScreen } from '../../../test/narrow-screen.ts';
import { DataTable, type DataColumn } from './data-table.tsx';
import { EmptyState } from './empty-state.tsx';
import { Pagination } from './pagination.tsx';
import { withPage } from './row-selection.tsx';
import { nextSortOrder, type TableSort } from './sortable-header.tsx';

afterEach(cleanup);

interface Invoice {
  numero: string;
  montant: string;
}

const COLUMNS: DataColumn<Invoice, 'numero' | 'montant'>[] = [
  { id: 'numero', header: 'Numéro', sortKey: 'numero', rowHeader: true, cell: (row) => row.numero },
  { id: 'montant', header: 'Montant', sortKey: 'montant', cell: (row) => row.montant },
  { id: 'action', header: 'Action', cell: () => 'Voir' },
];
const ROWS: Invoice[] = [
  { numero: 'F-001', montant: '12,00 €' },
  { numero: 'F-002', montant: '30,50 €' },
];

function renderTable(sort?: TableSort<'numero' | 'montant'>, rows = ROWS) {
  render(
    <DataTable
      caption="Factures du compte"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.numero}
      sort={sort}
      empty={<EmptyState title="Aucune facture pour ce compte.">Vos factures apparaîtront ici chaque mois.</EmptyState>}
    />,
  );
}

describe('DataTable', () => {
  it('ends with a footer row (a total) in the table, and a last card on a phone', () => {
    const footer = { numero: 'Total', montant: '42,50 €' };
    render(<DataTable caption="Factures du compte" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.numero} footer={footer} />);
    const table = screen.getByRole('table', { name: 'Factures du compte' });
    const rows = within(table).getAllByRole('row');
    expect(rows.at(-1)?.closest('tfoot')).toBeTruthy();
    expect(within(rows.at(-1) as HTMLElement).getByRole('rowheader').textContent).toBe('Total');
    expect(rows.at(-1)?.textContent).toBe('Total42,50 €');
    cleanup();
    onPhoneScreen();
    render(<DataTable caption="Factures du compte" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.numero} footer={footer} />);
    const list = screen.getByRole('list', { name: 'Factures du compte' });
    expect(within(list).queryByText('Total')).toBeNull();
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('Montant42,50 €');
  });

  it('names the table by its caption and heads each row with its identifying cell', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Factures du compte' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Numéro', 'Montant', 'Action']);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['F-001', 'F-002']);
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    // The scrolling box can be reached by keyboard on a narrow screen, and is named like the table.
    const region = screen.getByRole('region', { name: 'Factures du compte' });
    expect(region.getAttribute('tabindex')).toBe('0');
  });

  it('puts aria-sort on the sorted column only and sorts from the header buttons', () => {
    const onSort = vi.fn();
    renderTable({ key: 'montant', order: 'desc', onSort });
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((cell) => cell.getAttribute('aria-sort'))).toEqual([null, 'descending', null]);
    const button = within(headers[0] as HTMLElement).getByRole('button', { name: 'Numéro' });
    button.focus();
    fireEvent.click(button);
    expect(onSort).toHaveBeenCalledWith('numero');
    expect(within(headers[2] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('shows the empty state in place of a table without rows', () => {
    renderTable(undefined, []);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Aucune facture pour ce compte.')).toBeTruthy();
    expect(screen.getByText('Vos factures apparaîtront ici chaque mois.')).toBeTruthy();
  });
});

describe('DataTable row selection', () => {
  const PAGE_TWO: Invoice[] = [
    { numero: 'F-003', montant: '8,00 €' },
    { numero: 'F-004', montant: '9,90 €' },
  ];

  /** A page keeping the selection, as the fleet list does, over two pages of rows. */
  function SelectableTable({ initial = [] as Key[], onChange = vi.fn() }: { initial?: Key[]; onChange?: (keys: Set<Key>) => void }) {
    const [selected, setSelected] = useState<ReadonlySet<Key>>(new Set(initial));
    const [page, setPage] = useState(1);
    return (
      <>
        <DataTable
          caption="Factures du compte"
          columns={COLUMNS}
          rows={page === 1 ? ROWS : PAGE_TWO}
          rowKey={(row) => row.numero}
          selection={{
            selected,
            onChange: (keys) => {
              onChange(keys);
              setSelected(keys);
            },
            rowLabel: (row) => `Sélectionner la facture ${row.numero}`,
            pageLabel: 'Sélectionner toutes les factures de la page',
          }}
        />
        <button type="button" onClick={() => setPage(page === 1 ? 2 : 1)}>
          Autre page
        </button>
      </>
    );
  }

  const rowBox = (numero: string) => screen.getByRole('checkbox', { name: `Sélectionner la facture ${numero}` }) as HTMLInputElement;
  const pageBox = () => screen.getByRole('checkbox', { name: 'Sélectionner toutes les factures de la page' }) as HTMLInputElement;

  it('gives each row a checkbox named after it, in a first column headed by the page’s checkbox', () => {
    render(<SelectableTable />);
    const table = screen.getByRole('table', { name: 'Factures du compte' });
    const [first] = within(table).getAllByRole('columnheader');
    expect(within(first as HTMLElement).getByRole('checkbox')).toBe(pageBox());
    expect(within(table).getAllByRole('checkbox')).toHaveLength(3);
    // The row header stays the identifying cell.
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['F-001', 'F-002']);
    expect(rowBox('F-001').checked).toBe(false);
  });

  it('chooses rows one by one, and shows the page’s checkbox mixed, then checked', () => {
    const onChange = vi.fn();
    render(<SelectableTable onChange={onChange} />);
    fireEvent.click(rowBox('F-002'));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['F-002']));
    expect(rowBox('F-002').checked).toBe(true);
    expect(pageBox().checked).toBe(false);
    expect(pageBox().indeterminate).toBe(true);
    fireEvent.click(rowBox('F-001'));
    expect(pageBox().checked).toBe(true);
    expect(pageBox().indeterminate).toBe(false);
    fireEvent.click(rowBox('F-002'));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['F-001']));
  });

  it('chooses or lets go of the whole page at once, leaving the other pages’ rows chosen', () => {
    const onChange = vi.fn();
    render(<SelectableTable initial={['F-003']} onChange={onChange} />);
    fireEvent.click(pageBox());
    expect(onChange).toHaveBeenLastCalledWith(new Set(['F-003', 'F-001', 'F-002']));
    expect([rowBox('F-001').checked, rowBox('F-002').checked]).toEqual([true, true]);
    fireEvent.click(pageBox());
    expect(onChange).toHaveBeenLastCalledWith(new Set(['F-003']));

    // The other page shows its own rows as chosen.
    fireEvent.click(screen.getByRole('button', { name: 'Autre page' }));
    expect(rowBox('F-003').checked).toBe(true);
    expect(rowBox('F-004').checked).toBe(false);
    expect(pageBox().indeterminate).toBe(true);
  });

  it('is worked with the keyboard: Space toggles a focused checkbox', () => {
    render(<SelectableTable />);
    const box = rowBox('F-001');
    box.focus();
    expect(document.activeElement).toBe(box);
    // A native checkbox: the browser turns Space into a click.
    fireEvent.click(box);
    expect(box.checked).toBe(true);
  });

  it('adds or removes the keys of a page', () => {
    expect(withPage(new Set(['a']), ['b', 'c'], true)).toEqual(new Set(['a', 'b', 'c']));
    expect(withPage(new Set(['a', 'b']), ['b', 'c'], false)).toEqual(new Set(['a']));
  });
});

describe('DataTable on a phone', () => {
  const PDF: DataColumn<Invoice, 'numero' | 'montant'> = { id: 'pdf', header: <span className="sr-only">Téléchargement</span>, card: 'actions', cell: (row) => <button type="button">PDF {row.numero}</button> };
  const CARD_COLUMNS: DataColumn<Invoice, 'numero' | 'montant'>[] = [
    ...COLUMNS.slice(0, 2),
    { id: 'interne', header: 'Code interne', card: 'none', cell: () => 'X-42' },
    PDF,
  ];

  function PhoneTable({ onSort = vi.fn(), order = 'asc' as const }: { onSort?: (key: 'numero' | 'montant') => void; order?: 'asc' | 'desc' }) {
    const [selected, setSelected] = useState<ReadonlySet<Key>>(new Set());
    return (
      <DataTable
        caption="Factures du compte"
        columns={CARD_COLUMNS}
        rows={ROWS}
        rowKey={(row) => row.numero}
        sort={{ key: 'montant', order, onSort }}
        selection={{ selected, onChange: setSelected, rowLabel: (row) => `Sélectionner la facture ${row.numero}`, pageLabel: 'Sélectionner toutes les factures de la page' }}
      />
    );
  }

  it('shows each row as a card named by the table’s caption: its title, its key facts under their names, its actions', () => {
    onPhoneScreen();
    render(<PhoneTable />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Factures du compte' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    // Named by its title, as a row by its header cell.
    expect(screen.getByRole('listitem', { name: 'F-002' })).toBe(cards[1]);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('F-001')).toBeTruthy();
    const facts = (cards[0] as HTMLElement).querySelectorAll('dt');
    expect([...facts].map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)).toEqual(['Montant 12,00 €']);
    expect(first.getByRole('button', { name: 'PDF F-001' })).toBeTruthy();
    // A column left out of the cards.
    expect(first.queryByText('X-42')).toBeNull();
  });

  it('keeps the sort, as a choice of column and order above the cards', () => {
    onPhoneScreen();
    const onSort = vi.fn();
    render(<PhoneTable onSort={onSort} />);
    const column = screen.getByRole('combobox', { name: 'Trier par' }) as HTMLSelectElement;
    expect(column.value).toBe('montant');
    expect(within(column).getAllByRole('option').map((option) => option.textContent)).toEqual(['Numéro', 'Montant']);
    fireEvent.change(column, { target: { value: 'numero' } });
    expect(onSort).toHaveBeenLastCalledWith('numero');
    const order = screen.getByRole('combobox', { name: 'Ordre' }) as HTMLSelectElement;
    expect(order.value).toBe('asc');
    fireEvent.change(order, { target: { value: 'desc' } });
    // The sorted column, the other way round.
    expect(onSort).toHaveBeenLastCalledWith('montant');
  });

  it('keeps the selection: a checkbox on each card, and one named for the page above them', () => {
    onPhoneScreen();
    render(<PhoneTable />);
    const row = screen.getByRole('checkbox', { name: 'Sélectionner la facture F-002' }) as HTMLInputElement;
    fireEvent.click(row);
    expect(row.checked).toBe(true);
    const page = screen.getByRole('checkbox', { name: 'Sélectionner toutes les factures de la page' }) as HTMLInputElement;
    expect(page.indeterminate).toBe(true);
    // Named on screen too, not only for screen readers.
    expect(screen.getByText('Sélectionner toutes les factures de la page').className).not.toContain('sr-only');
    fireEvent.click(page);
    expect((screen.getByRole('checkbox', { name: 'Sélectionner la facture F-001' }) as HTMLInputElement).checked).toBe(true);
  });

  it('still shows the empty state in place of no rows', () => {
    onPhoneScreen();
    renderTable(undefined, []);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('Aucune facture pour ce compte.')).toBeTruthy();
  });
});

describe('nextSortOrder', () => {
  it('sorts a new column ascending, then flips the sorted one', () => {
    expect(nextSortOrder({ key: 'numero', order: 'asc' }, 'montant')).toBe('asc');
    expect(nextSortOrder({ key: 'numero', order: 'asc' }, 'numero')).toBe('desc');
    expect(nextSortOrder({ key: 'numero', order: 'desc' }, 'numero')).toBe('asc');
  });
});

describe('Pagination', () => {
  it('is a named navigation saying where the reader is, with the impossible way disabled', () => {
    const onPage = vi.fn();
    render(<Pagination label="Pagination des factures" page={1} pageCount={3} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination des factures' });
    expect(within(nav).getByText('Page 1 sur 3').getAttribute('aria-live')).toBe('polite');
    expect(within(nav).getByRole('button', { name: 'Page précédente' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Page suivante' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('disables the next page on the last one and shows nothing for a single page', () => {
    const { rerender } = render(<Pagination label="Pagination" page={3} pageCount={3} onPage={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Page suivante' }).hasAttribute('disabled')).toBe(true);
    rerender(<Pagination label="Pagination" page={1} pageCount={1} onPage={vi.fn()} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
