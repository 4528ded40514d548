import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCostCentreEntry } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { LineCostSection } from './line-cost-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DIRCO = createCostCentreEntry({ idCentre: 11, code: 'DIRCO', libelle: 'Direction commerciale' });
const LYON = createCostCentreEntry({ idCentre: 12, code: 'LYON', libelle: 'Agence Lyon', idParent: 11, niveau: 2 });
const TREE = { centres: [DIRCO, LYON], lignesSansCentre: 3 };

describe('LineCostSection', () => {
  it('shows a line user the centre and labels without a form', () => {
    renderPage(<LineCostSection idContrat={5001} idClientBscs={1001} centre={{ idCentre: 12, code: 'LYON', libelle: 'Agence Lyon' }} etiquettes={['Astreinte']} mayEdit={false} />);
    expect(screen.getByText('Agence Lyon (LYON)')).toBeTruthy();
    expect(screen.getByText('Astreinte')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets the manager choose a centre of the tree and type labels, saved by their two calls when both change', async () => {
    const { requests } = stubFetch((request) => {
      if (request.method === 'GET') return jsonResponse(TREE);
      if (request.url.endsWith('/centre-de-cout')) return jsonResponse({ idContrat: 5001, centre: { idCentre: 12, code: 'LYON', libelle: 'Agence Lyon' }, etiquettes: [] });
      return jsonResponse({ idContrat: 5001, centre: { idCentre: 12, code: 'LYON', libelle: 'Agence Lyon' }, etiquettes: ['VIP', 'Astreinte'] });
    });
    renderPage(<LineCostSection idContrat={5001} idClientBscs={1001} centre={null} etiquettes={[]} mayEdit />);
    const select = (await screen.findByRole('combobox', { name: 'Centre de coût' })) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Aucun centre de coût', 'Direction commerciale (DIRCO)', '\u00a0\u00a0\u00a0\u00a0Agence Lyon (LYON)']);
    fireEvent.change(select, { target: { value: '12' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Étiquettes' }), { target: { value: 'VIP, Astreinte, vip' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le centre de coût et les étiquettes de la ligne sont enregistrés.')).toBeTruthy();
    const writes = requests.filter((request) => request.method === 'PUT');
    expect(writes.map((request) => [request.url, JSON.parse(request.body ?? 'null') as unknown])).toEqual([
      ['/api/lignes/5001/centre-de-cout', { idCentre: 12 }],
      ['/api/lignes/5001/etiquettes', { etiquettes: ['VIP', 'Astreinte'] }],
    ]);
  });

  it('sends only what changed: new labels do not write the centre again', async () => {
    const { requests } = stubFetch((request) => {
      if (request.method === 'GET') return jsonResponse(TREE);
      return jsonResponse({ idContrat: 5001, centre: { idCentre: 12, code: 'LYON', libelle: 'Agence Lyon' }, etiquettes: ['Astreinte', 'VIP'] });
    });
    renderPage(<LineCostSection idContrat={5001} idClientBscs={1001} centre={{ idCentre: 12, code: 'LYON', libelle: 'Agence Lyon' }} etiquettes={['Astreinte']} mayEdit />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Étiquettes' }), { target: { value: 'Astreinte, VIP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le centre de coût et les étiquettes de la ligne sont enregistrés.')).toBeTruthy();
    const writes = requests.filter((request) => request.method === 'PUT');
    expect(writes.map((request) => [request.url, JSON.parse(request.body ?? 'null') as unknown])).toEqual([['/api/lignes/5001/etiquettes', { etiquettes: ['Astreinte', 'VIP'] }]]);
  });

  it('says under the field what breaks the label rule, and sends nothing', async () => {
    const { requests } = stubFetch(() => jsonResponse(TREE));
    renderPage(<LineCostSection idContrat={5001} idClientBscs={1001} centre={null} etiquettes={[]} mayEdit />);
    const labels = await screen.findByRole('textbox', { name: 'Étiquettes' });
    fireEvent.change(labels, { target: { value: 'x'.repeat(31) } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Une étiquette compte au plus 30 caractères.')).toBeTruthy();
    await waitFor(() => expect(labels.getAttribute('aria-invalid')).toBe('true'));
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });
});
