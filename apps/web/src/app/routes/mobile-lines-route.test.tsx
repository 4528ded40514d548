import { linePageSchema, type Line } from '@ecare/shared/lines';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clearSelection, setSelection } from '../../lib/selection-store.ts';
import { clearAllStorage, startSession } from '../../lib/session-storage.ts';
import {
  createBillingAccount,
  createCurrentUser,
  createLine,
  createLineUser,
  createOffer,
  createSessionData,
} from '../../test/factories.ts';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../test/jsdom-gaps.ts';
import { MobileLinesRoute } from './mobile-lines-route.tsx';

const ACCOUNT = 31;
const LINES: Line[] = [
  createLine({ idContrat: 5001, numeroLigne: '0611111111', codeStatut: 'ACTIF', libelleOffre: 'Forfait Pro 5 Go', id_offre_engagement: 101 }),
  createLine({ idContrat: 5002, numeroLigne: '0622222222', codeStatut: 'SUSPENDU', libelleOffre: 'Forfait Pro 100 Go', id_offre_engagement: 102 }),
  createLine({ idContrat: 5003, numeroLigne: '0633333333', codeStatut: 'ACTIF', libelleOffre: 'Forfait Pro 100 Go', id_offre_engagement: 102 }),
];
const USERS = [
  createLineUser({ idContrat: 5001, prenom: 'Julien', nom: 'Roux' }),
  createLineUser({ idContrat: 5002, prenom: 'Inès', nom: 'Moreau' }),
  createLineUser({ idContrat: 5003, prenom: null, nom: null, email: null }),
];

let saved: string[] = [];

beforeEach(() => {
  fillJsdomGaps();
  startSession('jeton-de-test');
  setSelection({ accountId: ACCOUNT, lineId: null });
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  onTestFinished(() => click.mockRestore());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSelection();
  clearAllStorage();
});

/** The API as the page reads it: the list answers the filters it is given, as the server would. */
function serveFleet() {
  return stubFetch((request: RecordedRequest) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/current_user') return jsonResponse(createCurrentUser({ idClientBscs: ACCOUNT }));
    if (url.pathname === `/api/sessiondata/${ACCOUNT}/0`) {
      return jsonResponse(createSessionData({ current_compte_facturation: createBillingAccount({ idClientBscs: ACCOUNT, raisonSociale: 'Boulangerie Lemoine SARL' }) }));
    }
    if (url.pathname === '/api/offres') {
      return jsonResponse([
        createOffer({ idOffreEngagement: 101, libelle: 'Forfait Pro 5 Go' }),
        createOffer({ idOffreEngagement: 102, libelle: 'Forfait Pro 100 Go' }),
        createOffer({ idOffreEngagement: 201, libelle: 'Fibre Pro', id_Gamme: 2 }),
      ]);
    }
    if (url.pathname === `/api/contrats_pagination/${ACCOUNT}`) {
      const statut = url.searchParams.get('statut');
      const plan = url.searchParams.get('idOffreEngagement');
      const contrats = LINES.filter((line) => (!statut || line.codeStatut === statut) && (!plan || String(line.id_offre_engagement) === plan));
      if (url.searchParams.get('ordre') === 'desc') contrats.reverse();
      return jsonResponse(linePageSchema.parse({ contrats, total: contrats.length, page: 1, taille: 20 }));
    }
    const users = /^\/api\/lignes\/([\d,]+)\/utilisateurs$/.exec(url.pathname);
    if (users?.[1]) {
      const ids = users[1].split(',').map(Number);
      return jsonResponse(ids.map((id) => USERS.find((user) => user.idContrat === id)));
    }
    if (url.pathname === `/api/contrats_pagination/${ACCOUNT}/export`) {
      return new Response('\ufeffNuméro;Forfait\r\n', { headers: { 'Content-Disposition': 'attachment; filename="lignes-31-2026-01-15.csv"' } });
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: 'Introuvable' }, 404);
  });
}

function renderFleet(path = '/pages/mes-lignes-mobiles') {
  const router = createMemoryRouter([{ path: '/pages/mes-lignes-mobiles', element: <MobileLinesRoute /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const listRequests = (requests: RecordedRequest[]) => requests.filter((request) => request.url.startsWith(`/api/contrats_pagination/${ACCOUNT}?`)).map((r) => r.url);
const searchField = () => screen.getByRole('searchbox', { name: 'Rechercher une ligne' }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const rowNumbers = () => within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent);
const rowBox = (number: string) => screen.getByRole('checkbox', { name: `Sélectionner la ligne ${number}` }) as HTMLInputElement;

describe('fleet page', () => {
  it('reads its filters from the address, asks the server for them and shows them in the form', async () => {
    const { requests } = serveFleet();
    renderFleet('/pages/mes-lignes-mobiles?statut=SUSPENDU&idOffreEngagement=102');
    expect(await screen.findByText('1 ligne (liste filtrée)')).toBeTruthy();
    expect(listRequests(requests)).toEqual([
      `/api/contrats_pagination/${ACCOUNT}?page=1&taille=20&tri=numeroLigne&ordre=asc&recherche=&statut=SUSPENDU&idOffreEngagement=102`,
    ]);
    expect(rowNumbers()).toEqual(['06 22 22 22 22']);
    expect(select('Statut').value).toBe('SUSPENDU');
    // Mobile plans only: the list holds mobile lines.
    await waitFor(() => expect(within(select('Forfait')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tous les forfaits', 'Forfait Pro 5 Go', 'Forfait Pro 100 Go']));
    expect(select('Forfait').value).toBe('102');
    expect(screen.getByRole('button', { name: /Exporter la liste filtrée/ })).toBeTruthy();
  });

  it('puts a new search in the address, and the back button brings the previous list back', async () => {
    const { requests } = serveFleet();
    const router = renderFleet();
    expect(await screen.findByText('3 lignes')).toBeTruthy();
    fireEvent.change(searchField(), { target: { value: '+33 6 2' } });
    fireEvent.change(select('Statut'), { target: { value: 'SUSPENDU' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.search).toBe('?recherche=%2B33+6+2&statut=SUSPENDU'));
    expect(await screen.findByText('1 ligne pour « +33 6 2 »')).toBeTruthy();
    expect(listRequests(requests).at(-1)).toBe(`/api/contrats_pagination/${ACCOUNT}?page=1&taille=20&tri=numeroLigne&ordre=asc&recherche=%2B33+6+2&statut=SUSPENDU`);

    await router.navigate(-1);
    expect(await screen.findByText('3 lignes')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(searchField().value).toBe(''));
    expect(select('Statut').value).toBe('');
  });

  it('sorts from the column headers through the address', async () => {
    serveFleet();
    const router = renderFleet();
    await screen.findByText('3 lignes');
    fireEvent.click(screen.getByRole('button', { name: 'Numéro' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ordre=desc'));
    await waitFor(() => expect(rowNumbers()).toEqual(['06 33 33 33 33', '06 22 22 22 22', '06 11 11 11 11']));
    expect(screen.getByRole('columnheader', { name: /Numéro/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('shows each line’s user, read in one call for the page', async () => {
    const { requests } = serveFleet();
    renderFleet();
    await waitFor(() => expect(screen.getByRole('cell', { name: 'Julien Roux' })).toBeTruthy());
    expect(screen.getByRole('cell', { name: 'Inès Moreau' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Non renseigné' })).toBeTruthy();
    expect(requests.filter((request) => request.url.startsWith('/api/lignes/')).map((r) => r.url)).toEqual(['/api/lignes/5001,5002,5003/utilisateurs']);
  });

  it('chooses lines, says how many, exports the selection alone and lets it all go', async () => {
    const { requests } = serveFleet();
    renderFleet('/pages/mes-lignes-mobiles?statut=ACTIF');
    await screen.findByText('2 lignes (liste filtrée)');
    fireEvent.click(rowBox('06 33 33 33 33'));
    fireEvent.click(rowBox('06 11 11 11 11'));
    // Announced as it changes.
    expect(screen.getByText('2 lignes sélectionnées').getAttribute('role')).toBe('status');

    const trigger = screen.getByRole('button', { name: 'Exporter la sélection' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    fireEvent.keyUp(trigger, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Fichier CSV (.csv)' }));
    await waitFor(() => expect(saved).toEqual(['lignes-31-2026-01-15.csv']));
    // The selection, whatever the filters on screen.
    expect(requests.filter((request) => request.url.includes('/export')).map((r) => r.url)).toEqual([
      `/api/contrats_pagination/${ACCOUNT}/export?format=csv&tri=numeroLigne&ordre=asc&ids=5003%2C5001`,
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Tout désélectionner' }));
    expect(rowBox('06 33 33 33 33').checked).toBe(false);
    expect(screen.queryByRole('button', { name: 'Exporter la sélection' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Sélectionner toutes les lignes de la page' }));
  });

  it('says when no line awaits the activation of its SIM (« Activer une carte SIM »), and where a replacement SIM is activated', async () => {
    serveFleet();
    const router = renderFleet('/pages/mes-lignes-mobiles?statut=EN_COURS');
    expect(await screen.findByText('Aucune ligne n’attend l’activation de sa carte SIM.')).toBeTruthy();
    expect(screen.getByText(/Une carte SIM qui en remplace une autre s’active depuis la page de sa ligne/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher toutes les lignes' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('3 lignes')).toBeTruthy();
  });

  it('says when nothing matches and offers the whole list again', async () => {
    serveFleet();
    const router = renderFleet('/pages/mes-lignes-mobiles?statut=RESILIE');
    expect(await screen.findByText('Aucune ligne ne correspond à votre recherche.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Exporter/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher toutes les lignes' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('3 lignes')).toBeTruthy();
  });
});
