import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LineSearchForm } from './line-search-form.tsx';

afterEach(cleanup);

const field = () => screen.getByRole('searchbox', { name: 'Rechercher une ligne' });

describe('LineSearchForm', () => {
  it('is a search landmark with a labelled field and its help text', () => {
    render(<LineSearchForm defaultValue="" onSearch={vi.fn()} />);
    expect(screen.getByRole('search')).toBeTruthy();
    expect(field().getAttribute('aria-describedby')).toBe(screen.getByText('Numéro de ligne ou nom du forfait').id);
  });

  it('searches the trimmed text', async () => {
    const onSearch = vi.fn();
    render(<LineSearchForm defaultValue="" onSearch={onSearch} />);
    fireEvent.change(field(), { target: { value: '  06 12  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('06 12'));
  });

  it('refuses more than 50 characters with a message instead of cutting them', async () => {
    const onSearch = vi.fn();
    render(<LineSearchForm defaultValue="" onSearch={onSearch} />);
    fireEvent.change(field(), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('Votre recherche doit compter 50 caractères au maximum.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('follows the search of the page address', async () => {
    const { rerender } = render(<LineSearchForm defaultValue="forfait" onSearch={vi.fn()} />);
    expect((field() as HTMLInputElement).value).toBe('forfait');
    rerender(<LineSearchForm defaultValue="" onSearch={vi.fn()} />);
    await waitFor(() => expect((field() as HTMLInputElement).value).toBe(''));
  });
});
