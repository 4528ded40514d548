import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { CreateCodeRoute, createCodeLoader } from './create-code-route.tsx';

const GUID = 'lien-0123456789abcdef';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithLink(answer: () => Response) {
  const fetched = stubFetch((request) => {
    if (request.url === `/api/guid/verifier/${GUID}`) return jsonResponse({ ok: true, email: 'claire@demo.test' });
    if (request.url === '/api/clients/update_password') return answer();
    return jsonResponse({}, 404);
  });
  const router = createMemoryRouter(
    [
      { path: '/identification/creer-code-confidentiel/:guid', loader: createCodeLoader, Component: CreateCodeRoute },
      { path: '*', element: <p>ailleurs</p> },
    ],
    { initialEntries: [`/identification/creer-code-confidentiel/${GUID}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetched;
}

const newCode = () => screen.getByLabelText(/^Nouveau code confidentiel/);
const validate = () => screen.getByRole('button', { name: 'Valider' });

async function typeRobustCodeAndSubmit() {
  await screen.findByRole('heading', { level: 1, name: 'Veuillez créer votre mot de passe' });
  fireEvent.change(newCode(), { target: { value: 'Zq7#vLm2pR!x' } });
  await waitFor(() => expect(validate().hasAttribute('disabled')).toBe(false));
  fireEvent.click(validate());
}

describe('CreateCodeRoute (code from an e-mailed link)', () => {
  it('keeps Valider disabled until the code meets every rule, then shows the spec’s success state', async () => {
    const { requests } = renderWithLink(() => jsonResponse({ ok: true }));
    await screen.findByText('Identifiant : claire@demo.test');
    expect(validate().hasAttribute('disabled')).toBe(true);
    await typeRobustCodeAndSubmit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Votre nouveau code confidentiel' })).toBeTruthy();
    expect(screen.getByText('Votre nouveau code confidentiel a bien été pris en compte.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Annuler' })).toBeNull();
    expect(requests.filter((request) => request.url === '/api/clients/update_password')).toHaveLength(1);
  });

  it('puts a refused code under the new-code field and keeps the form', async () => {
    renderWithLink(() => jsonResponse(apiErrorSchema.parse({ code: 'PASSWORD_COMMON', exceptionMessage: errorMessage('PASSWORD_COMMON') }), 400));
    await typeRobustCodeAndSubmit();
    const message = await screen.findByText(errorMessage('PASSWORD_COMMON'));
    expect(newCode().getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(newCode()));
  });

  it('shows a used link’s refusal as is in the alert', async () => {
    renderWithLink(() => jsonResponse(apiErrorSchema.parse({ code: 'LINK_INVALID', exceptionMessage: errorMessage('LINK_INVALID') }), 400));
    await typeRobustCodeAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('LINK_INVALID'));
  });
});
