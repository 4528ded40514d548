import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { NewBulkAction } from './bulk-jobs-route.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 1001;
const PLAN = { idOffreEngagement: 103, idGamme: 1, libelle: 'Forfait Pro 100 Go', description: '100 Go', dataMo: 102_400, dataIllimitee: false, zones: [], optionsIncluses: [], engagementMois: 12, prixMensuelHtCentimes: 3500, prixMensuelTtcCentimes: 4200 };

describe('new bulk action: the plan change', () => {
  it('reads the account’s target plans only once the plan change is chosen, and offers them with their price', async () => {
    const { requests } = stubFetch((request) => {
      if (request.url.endsWith('/chgmttarif/offres')) return jsonResponse({ idClientBscs: ACCOUNT, offres: [PLAN] });
      return jsonResponse({ centres: [] });
    });
    renderPage(<NewBulkAction idClientBscs={ACCOUNT} lignes={[11, 12]} />);
    await screen.findByRole('combobox', { name: /Action/ });
    expect(requests.some((request) => request.url.endsWith('/chgmttarif/offres'))).toBe(false);

    fireEvent.change(screen.getByRole('combobox', { name: /Action/ }), { target: { value: 'CHANGEMENT_OFFRE' } });
    const plan = await screen.findByRole('combobox', { name: /Nouveau forfait/ });
    await waitFor(() => expect([...plan.querySelectorAll('option')].map((option) => option.textContent?.replace(/\s/g, ' '))).toContain('Forfait Pro 100 Go – 35,00 € HT par mois'));
    expect(requests.filter((request) => request.url.endsWith(`/api/clients/${ACCOUNT}/chgmttarif/offres`))).toHaveLength(1);
  });
});
