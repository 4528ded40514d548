import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { PAGE_PATHS } from '@ecare/shared/page-paths';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { frameRoutes } from './frame-routes.tsx';
import { ADMIN_SECTIONS } from './routes/admin/admin-area.tsx';
import { discoverRoutes, routes } from './routes.tsx';
import { standaloneRoutes } from './standalone-routes.tsx';

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

/** The page paths a route table declares (its leaves and index routes), each joined to its parents' path. */
function pagePaths(table: readonly RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    if (route.index === true) return [parent || '/'];
    if (route.children) return pagePaths(route.children, path);
    if (route.path === undefined || route.path === '*') return [];
    // The back office routes its own sections (admin-area.tsx).
    if (path.endsWith('/*')) return [path.slice(0, -2), ...ADMIN_SECTIONS.map((section) => `${path.slice(0, -2)}/${section.path}`)];
    return [path];
  });
}

describe('page paths', () => {
  it('are the ones the server knows (@ecare/shared/page-paths): any other page answers HTTP 404', () => {
    const declared = [...pagePaths(routes), ...pagePaths(standaloneRoutes), ...pagePaths(frameRoutes)];
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...PAGE_PATHS].sort());
  });
});
