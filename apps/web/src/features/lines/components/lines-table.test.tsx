import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLine, createLineDetail } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { LineCard } from './line-card.tsx';
import { LinesTable } from './lines-table.tsx';

afterEach(cleanup);

describe('LinesTable', () => {
  it('shows each line’s number in French format as its row header, its plan and its status in words', () => {
    renderPage(
      <LinesTable
        caption="Lignes du compte"
        lines={[
          createLine({ numeroLigne: '0612345678', libelleOffre: 'Forfait Pro 100 Go', codeStatut: 'ACTIF' }),
          createLine({ numeroLigne: '+33712345678', libelleOffre: 'Forfait Pro 20 Go', codeStatut: 'SUSPENDU' }),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Lignes du compte' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['06 12 34 56 78', '07 12 34 56 78']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Forfait Pro 100 Go', 'Active'],
      ['Forfait Pro 20 Go', 'Suspendue'],
    ]);
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows each line’s cost centre and labels when asked, « Aucun » and « Aucune » otherwise, and sorts by centre', () => {
    const onSort = vi.fn();
    renderPage(
      <LinesTable
        caption="Lignes du compte"
        centres
        sort={{ key: 'numeroLigne', order: 'asc', onSort }}
        lines={[
          createLine({ libelleOffre: 'Forfait Pro 100 Go', centre: { idCentre: 3, code: 'LYON', libelle: 'Agence Lyon' }, etiquettes: ['Astreinte', 'VIP'] }),
          createLine({ libelleOffre: 'Forfait Pro 20 Go', codeStatut: 'SUSPENDU' }),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Lignes du compte' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Agence Lyon (LYON)', 'AstreinteVIP', 'Forfait Pro 100 Go', 'Active'],
      ['Aucun', 'Aucune', 'Forfait Pro 20 Go', 'Suspendue'],
    ]);
    fireEvent.click(within(table).getByRole('button', { name: /Centre de coût/ }));
    expect(onSort).toHaveBeenCalledWith('centre');
  });

  it('opens each line’s page from its number', () => {
    const { router } = renderPage(<LinesTable caption="Lignes" lines={[createLine({ idContrat: 5042, numeroLigne: '0611223344' })]} />);
    const link = screen.getByRole('link', { name: '06 11 22 33 44' });
    expect(link.getAttribute('href')).toBe('/ligne-mobile/5042');
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/ligne-mobile/5042');
  });

  it('sorts from its headers when the page sorts on the server', () => {
    const onSort = vi.fn();
    renderPage(<LinesTable caption="Lignes" lines={[createLine()]} sort={{ key: 'numeroLigne', order: 'asc', onSort }} />);
    expect(screen.getByRole('columnheader', { name: /Numéro/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Statut' }));
    expect(onSort).toHaveBeenCalledWith('codeStatut');
  });

  it('shows the page’s empty state when there is no line', () => {
    renderPage(<LinesTable caption="Lignes" lines={[]} empty={<p>Aucune ligne ne correspond à votre recherche.</p>} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Aucune ligne ne correspond à votre recherche.')).toBeTruthy();
  });
});

describe('LineCard', () => {
  it('shows a simple line user’s line: number, plan, status and activation date in French formats', () => {
    renderPage(
      <LineCard
        line={createLineDetail({ numeroLigne: '0698765432', libelleOffre: 'Forfait Pro 5 Go', codeStatut: 'EN_COURS', dateActivation: '2024-03-05' })}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Ma ligne 06 98 76 54 32');
    expect(screen.getByText('Forfait Pro 5 Go')).toBeTruthy();
    expect(screen.getByText('En cours d’activation')).toBeTruthy();
    expect(screen.getByText('05/03/2024')).toBeTruthy();
  });

  it('leads to the line’s page', () => {
    renderPage(<LineCard line={createLineDetail({ idContrat: 5077 })} />);
    expect(screen.getByRole('link', { name: 'Voir le détail et les actions de ma ligne' }).getAttribute('href')).toBe('/ligne-mobile/5077');
  });
});
