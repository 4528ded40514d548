import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table.tsx';
import { EmptyState } from './empty-state.tsx';
import { Pagination } from './pagination.tsx';
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
