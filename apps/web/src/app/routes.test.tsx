import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { discoverRoutes, routes } from './routes.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route table', () => {
  it('sends an unknown path to /404, replacing it in the history (spec §2)', async () => {
    stubFetch(() => jsonResponse({}, 404));
    const router = createMemoryRouter(routes, { patchRoutesOnNavigation: discoverRoutes, initialEntries: ['/pages/accueil-utilisateur', '/nulle-part/ici'], initialIndex: 1 });
    render(<RouterProvider router={router} />);
    // The frame and the page are compiled on demand the first time: give them time.
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'), { timeout: 10_000 });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: '404! Page non trouvée...' }, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);
});
