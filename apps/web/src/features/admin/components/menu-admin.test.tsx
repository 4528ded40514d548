import { adminMenuItemBodySchema, adminMenuOrderBodySchema, type AdminMenuItem } from '@ecare/shared/admin';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { MenuAdmin } from './menu-admin.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A small menu as the server keeps it: read, reordered, an entry added, one deleted. */
function serve() {
  let menu: AdminMenuItem[] = [
    { id: 1, parentId: null, kind: 'rubrique', nom: 'Accueil', url: '/pages/accueil', ordre: 1 },
    { id: 5, parentId: null, kind: 'rubrique', nom: 'Assistance', url: null, ordre: 2 },
    { id: 51, parentId: 5, kind: 'sousRubrique', nom: 'Aide en ligne', url: null, ordre: 1 },
    { id: 511, parentId: 51, kind: 'module', nom: 'Questions fréquentes', url: '/assistance/faq', ordre: 1 },
  ];
  return stubFetch(async (request) => {
    const body = JSON.parse(request.body ?? 'null') as unknown;
    if (request.url === '/api/admin/menu' && request.method === 'GET') return jsonResponse(menu);
    if (request.url === '/api/admin/menu/ordre' && request.method === 'PUT') {
      const { ids } = adminMenuOrderBodySchema.parse(body);
      menu = menu.map((item) => (ids.includes(item.id) ? { ...item, ordre: ids.indexOf(item.id) + 1 } : item)).sort((a, b) => a.ordre - b.ordre);
      return jsonResponse(menu);
    }
    if (request.url === '/api/admin/menu' && request.method === 'POST') {
      const item: AdminMenuItem = { id: 10_001, kind: 'module', ordre: 2, ...adminMenuItemBodySchema.parse(body) };
      menu = [...menu, item];
      return jsonResponse(item);
    }
    if (request.url === '/api/admin/menu/511' && request.method === 'DELETE') {
      menu = menu.filter((item) => item.id !== 511);
      return jsonResponse({ ok: true });
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

describe('MenuAdmin', () => {
  it('moves a rubrique up with its named button, keeps focus on it and says where it went', async () => {
    const { requests } = serve();
    renderPage(<MenuAdmin />);
    const up = await screen.findByRole('button', { name: 'Monter la rubrique « Assistance »' });
    expect((screen.getByRole('button', { name: 'Monter la rubrique « Accueil »' }) as HTMLButtonElement).disabled).toBe(true);
    // An entry holding others offers no deletion.
    expect(screen.queryByRole('button', { name: 'Supprimer la rubrique « Assistance »' })).toBeNull();

    up.focus();
    fireEvent.click(up);
    expect(await screen.findByText('L’entrée « Assistance » est maintenant en position 1 sur 2.')).toBeTruthy();
    expect(JSON.parse(requests.find((request) => request.method === 'PUT')?.body ?? '{}')).toEqual({ parentId: null, ids: [5, 1] });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Descendre la rubrique « Assistance »'));
  });

  it('adds a module with its address, and deletes one after confirming', async () => {
    const { requests } = serve();
    renderPage(<MenuAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un module sous « Aide en ligne »' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Libellé du module/ }), { target: { value: 'Service après vente' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Adresse/ }), { target: { value: '/assistance/sav' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le module' }));
    expect(await screen.findByText('Le module « Service après vente » a été ajouté en dernière position.')).toBeTruthy();
    expect(JSON.parse(requests.find((request) => request.method === 'POST')?.body ?? '{}')).toEqual({
      nom: 'Service après vente',
      url: '/assistance/sav',
      parentId: 51,
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le module « Questions fréquentes »' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer cette entrée du menu ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer l’entrée' }));
    expect(await screen.findByText('L’entrée « Questions fréquentes » a été supprimée du menu.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE' && request.url === '/api/admin/menu/511')).toBe(true);
  });
});
