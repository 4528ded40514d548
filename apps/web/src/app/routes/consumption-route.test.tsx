import { consumptionSchema, periodBounds } from '@ecare/shared/consumption';
import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../test/jsdom-gaps.ts';
import { ConsumptionRoute } from './consumption-route.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderRoute(path: string) {
  const router = createMemoryRouter([{ path: '/ligne-mobile/:idContrat/consommation', element: <ConsumptionRoute /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const periods = ['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09'];
const consumption = consumptionSchema.parse({
  idContrat: 5012,
  numeroLigne: '0612345678',
  libelleOffre: 'Forfait Pro 5 Go',
  periode: '2026-09',
  periodeCourante: '2026-11',
  periodesConsultables: ['2026-11', '2026-10', '2026-09'],
  forfait: { voix: { illimite: true, inclus: null }, sms: { illimite: true, inclus: null }, data: { illimite: false, inclus: 5_120 } },
  jours: [],
  periodes: periods.map((periode) => ({
    periode,
    ...periodBounds(periode),
    enCours: false,
    releve: true,
    voixMinutes: 100,
    sms: 20,
    dataMo: 2_048,
    horsForfaitHT: 0,
    horsForfaitTTC: 0,
  })),
});

describe('consumption page route', () => {
  it('asks for the period in the address and titles the page with the line’s number, under its line', async () => {
    const { requests } = stubFetch(() => jsonResponse(consumption));
    renderRoute('/ligne-mobile/5012/consommation?periode=2026-09');
    expect(await screen.findByRole('heading', { level: 1, name: 'Consommation de la ligne 06 12 34 56 78' })).toBeTruthy();
    expect(requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/api/infoconso/getinfoconso', JSON.stringify({ idContrat: 5012, periode: '2026-09' })],
    ]);
    const crumbs = within(screen.getByRole('navigation', { name: 'Fil d’Ariane' }));
    expect(crumbs.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Accueil', 'Mes lignes mobiles', '06 12 34 56 78', 'Consommation']);
    expect(crumbs.getByRole('link', { name: '06 12 34 56 78' }).getAttribute('href')).toBe('/ligne-mobile/5012');
    expect(screen.getByRole('table', { name: 'Détail par période' })).toBeTruthy();
  });

  it('asks for the running period when the address names no month', async () => {
    const { requests } = stubFetch(() => jsonResponse(consumption));
    renderRoute('/ligne-mobile/5012/consommation?periode=septembre');
    await screen.findByRole('table', { name: 'Détail par période' });
    expect(requests[0]?.body).toBe(JSON.stringify({ idContrat: 5012 }));
  });

  it('shows the spec’s refusal for a line the caller may not see, with the way back', async () => {
    stubFetch(() => jsonResponse(apiErrorSchema.parse({ code: 'FORBIDDEN_CONTRACT', exceptionMessage: errorMessage('FORBIDDEN_CONTRACT') }), 403));
    renderRoute('/ligne-mobile/777/consommation');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Désolé, vous n’êtes pas autorisé à accéder à ce contrat.");
    expect(within(alert).getByRole('link', { name: 'Retour à mes lignes mobiles' })).toBeTruthy();
  });

  it('offers the running period when the one asked for is refused', async () => {
    stubFetch(() =>
      jsonResponse(apiErrorSchema.parse({ code: 'CONSUMPTION_PERIOD_TOO_OLD', exceptionMessage: errorMessage('CONSUMPTION_PERIOD_TOO_OLD') }), 400),
    );
    renderRoute('/ligne-mobile/5012/consommation?periode=2020-01');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('12 dernières périodes de facturation');
    expect(within(alert).getByRole('link', { name: 'Voir la période en cours' }).getAttribute('href')).toBe('/ligne-mobile/5012/consommation');
  });
});
