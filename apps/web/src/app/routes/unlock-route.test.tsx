import { apiErrorSchema } from '@ecare/shared/errors';
import { errorMessage } from '@ecare/shared/error-catalogue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { UNLOCK_TEXTS, UnlockRoute } from './unlock-route.tsx';

const TOKEN = 'A'.repeat(43);

function renderPage() {
  const router = createMemoryRouter([{ path: '/identification/deverrouiller/:token', element: <UnlockRoute /> }], {
    initialEntries: [`/identification/deverrouiller/${TOKEN}`],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UnlockRoute (e-mailed unlock link)', () => {
  it('sends nothing until the customer confirms, then shows the success and the way to the login page', async () => {
    const { requests } = stubFetch(() => jsonResponse({ ok: true }));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: UNLOCK_TEXTS.heading })).toBeTruthy();
    expect(requests).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: UNLOCK_TEXTS.action }));
    const done = await screen.findByText(UNLOCK_TEXTS.done);
    expect(document.activeElement).toBe(done);
    expect(screen.queryByRole('button', { name: UNLOCK_TEXTS.action })).toBeNull();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/identification/authentification');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/identification/deverrouillage', method: 'POST', body: JSON.stringify({ token: TOKEN }) });
  });

  it('shows the server’s message for a spent or expired link', async () => {
    const message = errorMessage('UNLOCK_LINK_INVALID');
    stubFetch(() => jsonResponse(apiErrorSchema.parse({ code: 'UNLOCK_LINK_INVALID', exceptionMessage: message }), 400));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: UNLOCK_TEXTS.action }));
    // Shown as the server wrote it (with its non-breaking spaces).
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('link', { name: 'Aller à la page de connexion' })).toBeTruthy();
  });
});
