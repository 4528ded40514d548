import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCostCentreEntry } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { CostCentresManager } from './cost-centres-manager.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DIRCO = createCostCentreEntry({ idCentre: 11, code: 'DIRCO', libelle: 'Direction commerciale', nombreLignes: 1, nombreLignesTotal: 4, nombreSousCentres: 1 });
const LYON = createCostCentreEntry({ idCentre: 12, code: 'LYON', libelle: 'Agence Lyon', idParent: 11, niveau: 2, nombreLignes: 3, nombreLignesTotal: 3 });
const TREE = { centres: [DIRCO, LYON], lignesSansCentre: 2 };

describe('CostCentresManager', () => {
  it('lists the tree with its lines, and creates a centre under a parent', async () => {
    const { requests } = stubFetch((request) => (request.method === 'GET' ? jsonResponse(TREE) : jsonResponse({ idCentre: 13, code: 'GERLAND', libelle: 'Gerland', idParent: 12 }, 201)));
    renderPage(<CostCentresManager idClientBscs={1001} />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Direction commerciale (DIRCO)', 'Agence Lyon (LYON)']);
    expect(within(table).getByText('1 ligne (4 lignes avec ses sous-centres)')).toBeTruthy();
    expect(screen.getByText(/2 lignes du compte ne sont rattachées à aucun centre/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Nouveau centre de coût' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Code/ }), { target: { value: 'gerland' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Libellé/ }), { target: { value: 'Gerland' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Rattaché à' }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer le centre' }));
    expect(await screen.findByText('Le centre « Gerland » est créé.')).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/clients/1001/centres-de-cout');
    expect(JSON.parse(post?.body ?? 'null')).toEqual({ code: 'GERLAND', libelle: 'Gerland', idParent: 12 });
  });

  it('asks where the lines go before deleting a centre that has some', async () => {
    const { requests } = stubFetch((request) => (request.method === 'GET' ? jsonResponse(TREE) : jsonResponse({ idCentre: 12, lignesDeplacees: 3 })));
    renderPage(<CostCentresManager idClientBscs={1001} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le centre Agence Lyon' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer le centre « Agence Lyon » ?' });
    expect(within(dialog).getByText('3 lignes de ce centre seront déplacées.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Déplacer ses lignes vers' }), { target: { value: '11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Le centre « Agence Lyon » est supprimé.')).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE' && request.url === '/api/clients/1001/centres-de-cout/12?deplacerVers=11')).toBe(true));
  });
});
