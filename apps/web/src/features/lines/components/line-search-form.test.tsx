import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_LINE_FILTERS } from '../utils/line-page-params.ts';
import { LineSearchForm, type PlanChoice } from './line-search-form.tsx';

afterEach(cleanup);

const PLANS: PlanChoice[] = [
  { idOffreEngagement: 101, libelle: 'Forfait Pro 5 Go' },
  { idOffreEngagement: 102, libelle: 'Forfait Pro 100 Go' },
];

const field = () => screen.getByRole('searchbox', { name: 'Rechercher une ligne' });
const statusSelect = () => screen.getByRole('combobox', { name: 'Statut' }) as HTMLSelectElement;
const planSelect = () => screen.getByRole('combobox', { name: 'Forfait' }) as HTMLSelectElement;
const search = () => fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));

describe('LineSearchForm', () => {
  it('is a search landmark with a labelled field and its help text, and two labelled filters', () => {
    render(<LineSearchForm filters={NO_LINE_FILTERS} plans={PLANS} onSearch={vi.fn()} />);
    expect(screen.getByRole('search', { name: 'Rechercher et filtrer les lignes' })).toBeTruthy();
    expect(field().getAttribute('aria-describedby')).toBe(screen.getByText('Numéro (06 12 34 56 78, +33 6 12…), nom de l’utilisateur ou forfait').id);
    expect(within(statusSelect()).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tous les statuts',
      'Active',
      'Suspendue',
      'Résiliée',
      'En cours d’activation',
    ]);
    expect(within(planSelect()).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tous les forfaits',
      'Forfait Pro 5 Go',
      'Forfait Pro 100 Go',
    ]);
    // Nothing to clear yet.
    expect(screen.queryByRole('button', { name: 'Effacer les filtres' })).toBeNull();
  });

  it('searches the trimmed text with the chosen status and plan', async () => {
    const onSearch = vi.fn();
    render(<LineSearchForm filters={NO_LINE_FILTERS} plans={PLANS} onSearch={onSearch} />);
    fireEvent.change(field(), { target: { value: '  +33 6 12  ' } });
    fireEvent.change(statusSelect(), { target: { value: 'SUSPENDU' } });
    fireEvent.change(planSelect(), { target: { value: '102' } });
    search();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ ...NO_LINE_FILTERS, recherche: '+33 6 12', statut: 'SUSPENDU', idOffreEngagement: 102 }));
  });

  it('searches every line again when the filters are set back to all', async () => {
    const onSearch = vi.fn();
    render(<LineSearchForm filters={{ ...NO_LINE_FILTERS, statut: 'ACTIF', idOffreEngagement: 101 }} plans={PLANS} onSearch={onSearch} />);
    fireEvent.change(statusSelect(), { target: { value: '' } });
    fireEvent.change(planSelect(), { target: { value: '' } });
    search();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith(NO_LINE_FILTERS));
  });

  it('clears the search and filters at once, and gives the focus to the search field', async () => {
    const onSearch = vi.fn();
    render(<LineSearchForm filters={{ recherche: 'Roux', statut: 'ACTIF', idOffreEngagement: null, idCentre: null, etiquette: '' }} plans={PLANS} onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(onSearch).toHaveBeenCalledWith(NO_LINE_FILTERS);
    await waitFor(() => expect(document.activeElement).toBe(field()));
  });

  it('refuses more than 50 characters with a message instead of cutting them', async () => {
    const onSearch = vi.fn();
    render(<LineSearchForm filters={NO_LINE_FILTERS} plans={PLANS} onSearch={onSearch} />);
    fireEvent.change(field(), { target: { value: 'x'.repeat(51) } });
    search();
    expect(await screen.findByText('Votre recherche doit compter 50 caractères au maximum.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('follows the search and filters of the page address (back and forward buttons)', async () => {
    const { rerender } = render(
      <LineSearchForm filters={{ ...NO_LINE_FILTERS, recherche: 'forfait', statut: 'RESILIE', idOffreEngagement: 102 }} plans={PLANS} onSearch={vi.fn()} />,
    );
    expect((field() as HTMLInputElement).value).toBe('forfait');
    expect(statusSelect().value).toBe('RESILIE');
    expect(planSelect().value).toBe('102');
    rerender(<LineSearchForm filters={NO_LINE_FILTERS} plans={PLANS} onSearch={vi.fn()} />);
    await waitFor(() => expect((field() as HTMLInputElement).value).toBe(''));
    expect(statusSelect().value).toBe('');
    expect(planSelect().value).toBe('');
  });

  it('keeps a plan of the address the catalogue does not list, by its number', () => {
    render(<LineSearchForm filters={{ ...NO_LINE_FILTERS, idOffreEngagement: 999 }} plans={PLANS} onSearch={vi.fn()} />);
    expect(planSelect().value).toBe('999');
    expect(planSelect().selectedOptions[0]?.textContent).toBe('Forfait n°\u00a0999');
  });

  it('filters by a centre of the tree, by no centre, and by a label offered from those the lines carry', async () => {
    const onSearch = vi.fn();
    const centres = [
      { idCentre: 7, code: 'DIRCO', libelle: 'Direction commerciale', niveau: 1 },
      { idCentre: 9, code: 'LYON', libelle: 'Agence Lyon', niveau: 2 },
    ];
    render(<LineSearchForm filters={NO_LINE_FILTERS} plans={PLANS} centres={centres} labels={['Astreinte', 'VIP']} onSearch={onSearch} />);
    const centreSelect = screen.getByRole('combobox', { name: 'Centre de coût' }) as HTMLSelectElement;
    expect(within(centreSelect).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tous les centres',
      'Sans centre de coût',
      'Direction commerciale (DIRCO)',
      '\u00a0\u00a0\u00a0\u00a0Agence Lyon (LYON)',
    ]);
    const label = screen.getByRole('combobox', { name: 'Étiquette' }) as HTMLInputElement;
    expect(document.getElementById(label.getAttribute('list') ?? '')?.querySelectorAll('option')).toHaveLength(2);
    fireEvent.change(centreSelect, { target: { value: '9' } });
    fireEvent.change(label, { target: { value: ' Astreinte ' } });
    search();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ ...NO_LINE_FILTERS, idCentre: 9, etiquette: 'Astreinte' }));
    fireEvent.change(centreSelect, { target: { value: 'aucun' } });
    fireEvent.change(label, { target: { value: '' } });
    search();
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ ...NO_LINE_FILTERS, idCentre: 'aucun' }));
  });
});
