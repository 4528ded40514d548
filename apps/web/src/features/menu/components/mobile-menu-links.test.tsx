import type { MenuItem } from '@ecare/shared/menu';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMenuItem, createMenuSubHeading } from '../../../test/factories.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import type { MenuViewer } from '../utils/menu-rules.ts';
import { MenuFooterColumns } from './menu-footer-columns.tsx';
import { MobileMenuLinks } from './mobile-menu-links.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const withAccount: MenuViewer = { authenticated: true, hasBillingAccount: true };
const withoutAccount: MenuViewer = { authenticated: true, hasBillingAccount: false };

/** The demo's shape: a link, a rubrique with popup, the account area without url, an external link. */
function demoMenu(): MenuItem[] {
  return [
    createMenuItem({ id: 1, nom: 'Accueil', ordre: 1, url: '/pages/accueil', sousRubriques: [] }),
    createMenuItem({
      id: 2,
      nom: 'Mes lignes',
      ordre: 2,
      sousRubriques: [
        createMenuSubHeading({
          nom: 'Gestion des lignes',
          modules: [
            { nom: 'Vos lignes mobiles', url: '/pages/mes-lignes-mobiles', ordre: 1 },
            { nom: 'Ajouter une ligne', url: '/ajout-ligne/ajouter-une-ligne-mobile', ordre: 2 },
          ],
        }),
      ],
    }),
    createMenuItem({
      id: 4,
      nom: 'Mon compte',
      ordre: 4,
      sousRubriques: [
        createMenuSubHeading({
          nom: 'Mes informations',
          modules: [
            { nom: 'Mon profil', url: '/mon-compte/profil', ordre: 1 },
            { nom: 'Changer mon code confidentiel', url: '/mon-compte/code-confidentiel', ordre: 2 },
          ],
        }),
      ],
    }),
    createMenuItem({ id: 6, nom: 'Nos offres', ordre: 6, url: 'https://www.example.com/offres-pro', sousRubriques: [] }),
  ];
}

function renderLinks(viewer: MenuViewer, onGuardedNavigate = vi.fn(), onNavigate = vi.fn()) {
  renderPage(
    <ul>
      <MobileMenuLinks items={demoMenu()} viewer={viewer} excludeUrls={['/pages/accueil-utilisateur', '/pages/accueil']} onGuardedNavigate={onGuardedNavigate} onNavigate={onNavigate} />
    </ul>,
  );
  return { onGuardedNavigate, onNavigate };
}

describe('MobileMenuLinks', () => {
  it('offers every desktop entry: popups as disclosures listing their sub-headings and modules', async () => {
    const { onGuardedNavigate, onNavigate } = renderLinks(withAccount);
    expect(screen.queryByRole('link', { name: 'Accueil' })).toBeNull();
    expect(screen.getByRole('link', { name: /Nos offres/ }).getAttribute('target')).toBe('_blank');

    const trigger = screen.getByRole('button', { name: 'Mes lignes' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '') as HTMLElement;
    const list = within(panel).getByRole('list', { name: 'Gestion des lignes' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Vos lignes mobiles', 'Ajouter une ligne']);

    fireEvent.click(within(list).getByRole('link', { name: 'Ajouter une ligne' }));
    expect(onGuardedNavigate).toHaveBeenCalledWith('ajouter une ligne', '/ajout-ligne/ajouter-une-ligne-mobile');
    expect(onNavigate).toHaveBeenCalled();
  });

  it('leads to the account area’s index page when its popup is not shown (no account chosen)', () => {
    renderLinks(withoutAccount);
    expect(screen.getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/mon-compte');
    expect(screen.queryByRole('button', { name: 'Mon compte' })).toBeNull();
  });
});

describe('MenuFooterColumns', () => {
  it('groups the items that are only a link in one column, so no heading stands alone', () => {
    renderPage(<MenuFooterColumns items={demoMenu()} onGuardedNavigate={vi.fn()} />);
    const nav = screen.getByRole('navigation', { name: 'Plan du site' });
    const columns = within(nav).getAllByRole('listitem').filter((item) => item.parentElement?.parentElement === nav);
    expect(columns.map((column) => within(column).getAllByRole('link').map((link) => link.textContent?.replace(' (nouvelle fenêtre)', '')))).toEqual([
      ['Accueil', 'Nos offres'],
      ['Vos lignes mobiles', 'Ajouter une ligne'],
      ['Mon compte', 'Mon profil', 'Changer mon code confidentiel'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/mon-compte');
  });
});
