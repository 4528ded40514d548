import { linePageSchema } from '@ecare/shared/lines';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLine, createLineUser } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { FIRST_LINE_PAGE } from '../api/get-line-page.ts';
import { LinePicker } from './line-picker.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 31;
const LINES = [
  createLine({ idContrat: 5001, numeroLigne: '0611111111', codeStatut: 'ACTIF', libelleOffre: 'Forfait Pro 5 Go' }),
  createLine({ idContrat: 5003, numeroLigne: '0633333333', codeStatut: 'ACTIF', libelleOffre: 'Forfait Pro 100 Go' }),
];

function serve() {
  return stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname.endsWith('/utilisateurs')) return jsonResponse([createLineUser({ idContrat: 5001, prenom: 'Julien', nom: 'Roux' }), createLineUser({ idContrat: 5003, prenom: null, nom: null, email: null })]);
    const contrats = url.searchParams.get('recherche') === 'roux' ? LINES.slice(0, 1) : LINES;
    return jsonResponse(linePageSchema.parse({ contrats, total: contrats.length, page: 1, taille: 20 }));
  });
}

describe('LinePicker', () => {
  it('lists the lines found by the fleet list’s search, each a link into the journey, with its user, plan and status', async () => {
    const { requests } = serve();
    const onChange = vi.fn();
    renderPage(
      <LinePicker idClientBscs={ACCOUNT} params={{ ...FIRST_LINE_PAGE, statut: 'ACTIF' }} onChange={onChange} pathOf={(id) => `/mon-telephone/nouveau-telephone/${id}`} lineWord="ligne active" />,
    );
    const list = await screen.findByRole('list', { name: 'Lignes du compte' });
    expect(screen.getByText('2 lignes actives')).toBeTruthy();
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/mon-telephone/nouveau-telephone/5001', '/mon-telephone/nouveau-telephone/5003']);
    await waitFor(() => expect(links[0]?.textContent).toContain('Julien Roux'));
    expect(links[0]?.textContent).toContain('06 11 11 11 11');
    expect(links[1]?.textContent).toContain('Utilisateur non renseigné');
    // The fleet list's call, narrowed to the active lines.
    expect(requests.some((request) => request.url.startsWith(`/api/contrats_pagination/${ACCOUNT}?`) && request.url.includes('statut=ACTIF'))).toBe(true);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher une ligne' }), { target: { value: '  roux ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ ...FIRST_LINE_PAGE, statut: 'ACTIF', recherche: 'roux', page: 1 }));
  });

  it('says when nothing matches and offers the whole list again', async () => {
    stubFetch(() => jsonResponse(linePageSchema.parse({ contrats: [], total: 0, page: 1, taille: 20 })));
    const onChange = vi.fn();
    renderPage(<LinePicker idClientBscs={ACCOUNT} params={{ ...FIRST_LINE_PAGE, recherche: '0799' }} onChange={onChange} pathOf={(id) => `/x/${id}`} lineWord="ligne" />);
    await screen.findByText('Aucune ligne ne correspond à votre recherche.');
    expect(screen.getByText('Aucune ligne pour « 0799 »')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher toutes les lignes' }));
    expect(onChange).toHaveBeenCalledWith({ ...FIRST_LINE_PAGE, recherche: '', page: 1 });
  });
});
