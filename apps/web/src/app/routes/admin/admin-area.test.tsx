import { errorMessage } from '@ecare/shared/error-catalogue';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session-storage.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { queryClient } from '../../query-client.ts';
import { AdminArea } from './admin-area.tsx';

function renderBackOffice() {
  const router = createMemoryRouter([{ path: '/administration/*', element: <AdminArea /> }], { initialEntries: ['/administration'] });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  queryClient.clear();
  startSession('jeton');
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('AdminArea', () => {
  it('shows a signed-in customer « Accès réservé » without the back office’s sections', async () => {
    stubFetch(() => jsonResponse({ code: 'FORBIDDEN_ADMINISTRATION', exceptionMessage: errorMessage('FORBIDDEN_ADMINISTRATION') }, 403));
    renderBackOffice();
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès réservé' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sections de l’administration' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Paramètres' })).toBeNull();
    // Still a way out of the session.
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
  });
});
