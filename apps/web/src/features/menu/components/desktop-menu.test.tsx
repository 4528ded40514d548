import type { MenuItem } from '@ecare/shared/menu';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMenuItem, createMenuSubHeading } from '../../../test/factories.ts';
import type { MenuViewer } from '../utils/menu-rules.ts';
import { DesktopMenu } from './desktop-menu.tsx';
import type { GuardedNavigate } from './menu-entry-link.tsx';

afterEach(cleanup);

function renderMenu(items: MenuItem[], viewer: MenuViewer, onGuardedNavigate: GuardedNavigate = vi.fn()) {
  const router = createMemoryRouter(
    [{ path: '*', element: <DesktopMenu items={items} viewer={viewer} onGuardedNavigate={onGuardedNavigate} /> }],
    { initialEntries: ['/pages/accueil'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const withAccount = { authenticated: true, hasBillingAccount: true };

describe('DesktopMenu', () => {
  it('sorts items by ordre, links items with a url and labels the others', () => {
    renderMenu(
      [
        createMenuItem({ nom: 'Factures', ordre: 2, url: '/pages/factures', sousRubriques: [] }),
        createMenuItem({ nom: 'Accueil', ordre: 1, url: '/pages/accueil', sousRubriques: [] }),
        createMenuItem({ nom: 'Assistance', ordre: 3, url: null, sousRubriques: [] }),
      ],
      withAccount,
    );
    const entries = within(screen.getByRole('navigation')).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(['Accueil', 'Factures', 'Assistance']);
    expect(screen.getByRole('link', { name: 'Factures' }).getAttribute('href')).toBe('/pages/factures');
    expect(screen.queryByRole('link', { name: 'Assistance' })).toBeNull();
  });

  it('opens a disclosure popup with the sub-headings and closes it with Escape', () => {
    const item = createMenuItem({
      nom: 'Mes lignes',
      sousRubriques: [
        createMenuSubHeading({
          nom: 'Gérer',
          ordre: 1,
          modules: [
            { nom: 'Voir mes lignes', url: '/pages/mes-lignes-mobiles', ordre: 2 },
            { nom: 'Code PUK', url: '/pages/puk', ordre: 1 },
          ],
        }),
      ],
    });
    renderMenu([item], withAccount);
    const button = screen.getByRole('button', { name: 'Mes lignes' });
    const popup = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(popup?.hidden).toBe(true);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(popup?.hidden).toBe(false);
    const modules = within(popup as HTMLElement).getAllByRole('link').map((link) => link.textContent);
    expect(modules).toEqual(['Code PUK', 'Voir mes lignes']);

    const firstLink = within(popup as HTMLElement).getByRole('link', { name: 'Code PUK' });
    firstLink.focus();
    fireEvent.keyDown(firstLink, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('shows no popup button before a billing account is chosen, except for item 5', () => {
    renderMenu(
      [createMenuItem({ nom: 'Mes lignes', ordre: 1 }), createMenuItem({ id: 5, nom: 'Boutique', ordre: 2 })],
      { authenticated: true, hasBillingAccount: false },
    );
    expect(screen.queryByRole('button', { name: 'Mes lignes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Boutique' })).toBeTruthy();
  });

  it('sends guarded entries through the handler and opens http links outside', () => {
    const onGuardedNavigate = vi.fn();
    renderMenu(
      [
        createMenuItem({ nom: 'Ajouter une ligne', ordre: 1, url: '/ajout-ligne/ajouter-une-ligne-mobile', sousRubriques: [] }),
        createMenuItem({ nom: 'Blog', ordre: 2, url: 'https://example.com/blog', sousRubriques: [] }),
      ],
      withAccount,
      onGuardedNavigate,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Ajouter une ligne' }));
    expect(onGuardedNavigate).toHaveBeenCalledWith('ajouter une ligne', '/ajout-ligne/ajouter-une-ligne-mobile');

    const external = screen.getByRole('link', { name: /Blog/ });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
  });

  it('opens the popups of items after the third to the left', () => {
    renderMenu(
      [1, 2, 3, 4].map((ordre) => createMenuItem({ nom: `Entrée ${ordre}`, ordre })),
      withAccount,
    );
    const popupOf = (name: string) =>
      document.getElementById(screen.getByRole('button', { name }).getAttribute('aria-controls') ?? '');
    expect(popupOf('Entrée 3')?.className).toContain('left-0');
    expect(popupOf('Entrée 4')?.className).toContain('right-0');
  });

  it('links an item without url to its area’s index page when its popup cannot show', () => {
    renderMenu(
      [
        createMenuItem({
          nom: 'Mon compte',
          sousRubriques: [createMenuSubHeading({ modules: [{ nom: 'Mon profil', url: '/mon-compte/profil', ordre: 1 }] })],
        }),
      ],
      { authenticated: true, hasBillingAccount: false },
    );
    expect(screen.getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/mon-compte');
  });
});
