import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLineDetail } from '../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../test/jsdom-gaps.ts';
import { LineRoute, lineLoader } from './line-route.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLineRoute(path: string) {
  const router = createMemoryRouter([{ path: '/ligne-mobile/:idContrat', element: <LineRoute /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const crumbs = () =>
  within(screen.getByRole('navigation', { name: 'Fil d’Ariane' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('line page route', () => {
  it('titles the page with the line’s number under Accueil › Mes lignes mobiles', async () => {
    stubFetch(() => jsonResponse(createLineDetail({ idContrat: 5012, numeroLigne: '0612345678' })));
    renderLineRoute('/ligne-mobile/5012');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ligne 06 12 34 56 78' })).toBeTruthy();
    expect(crumbs()).toEqual(['Accueil', 'Mes lignes mobiles', '06 12 34 56 78']);
    expect(screen.getByText('06 12 34 56 78', { selector: '[aria-current="page"]' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mes lignes mobiles' }).getAttribute('href')).toBe('/pages/mes-lignes-mobiles');
  });

  it('shows the spec’s refusal for a line the caller may not see, with the way back', async () => {
    const { requests } = stubFetch(() =>
      jsonResponse(apiErrorSchema.parse({ code: 'FORBIDDEN_CONTRACT', exceptionMessage: errorMessage('FORBIDDEN_CONTRACT') }), 403),
    );
    renderLineRoute('/ligne-mobile/777');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Désolé, vous n’êtes pas autorisé à accéder à ce contrat.");
    expect(within(alert).getByRole('link', { name: 'Retour à mes lignes mobiles' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ligne mobile');
    expect(requests.map((request) => request.url)).toEqual(['/api/ligne/777']);
  });

  it('sends an address that names no contract to /404', async () => {
    const outcome = await Promise.resolve(
      lineLoader({ request: new Request('http://localhost/ligne-mobile/abc'), params: { idContrat: 'abc' }, context: {} } as unknown as LoaderFunctionArgs),
    ).catch((thrown: unknown) => thrown);
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).headers.get('Location')).toBe('/404');
  });
});
