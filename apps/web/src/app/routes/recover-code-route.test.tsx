import { apiErrorSchema } from '@ecare/shared/errors';
import { PASSWORD_RESET_MESSAGES } from '@ecare/shared/password';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetParameters } from '../../lib/server-parameters.ts';
import { createServerParameters } from '../../test/factories.ts';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub.ts';
import { RecoverCodeRoute } from './recover-code-route.tsx';

type Answers = Partial<Record<'autorise' | 'reset', () => Response | Promise<Response>>>;

function serve(answers: Answers, parameters = createServerParameters()) {
  return stubFetch((request: RecordedRequest) => {
    if (request.url === '/api/parametres') return jsonResponse(parameters);
    if (request.url === '/api/clients/reinit_mdp/autorise') return answers.autorise?.() ?? jsonResponse(true);
    if (request.url === '/api/clients/reset_password') return answers.reset?.() ?? jsonResponse({ ok: true });
    return jsonResponse(apiErrorSchema.parse({ code: 'NOT_FOUND', exceptionMessage: request.url }), 404);
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <RecoverCodeRoute /> }], {
    initialEntries: ['/identification/recuperer-code-confidentiel'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const emailField = () => screen.getByLabelText(/^Adresse e-mail/);
const validate = () => screen.getByRole('button', { name: 'Valider' });

/** Types the address and, once the form has checked it and enabled 'Valider', submits. */
async function submit(email: string) {
  fireEvent.change(emailField(), { target: { value: email } });
  await waitFor(() => expect(validate().hasAttribute('disabled')).toBe(false));
  fireEvent.click(validate());
}

beforeEach(() => {
  forgetParameters();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.grecaptcha;
});

describe('RecoverCodeRoute (forgotten code)', () => {
  it('keeps Valider disabled and marks the field once touched while the address is invalid', async () => {
    serve({});
    renderPage();
    expect(validate().hasAttribute('disabled')).toBe(true);
    expect(emailField().getAttribute('maxlength')).toBe('50');
    expect(screen.getByRole('link', { name: 'Annuler' }).getAttribute('href')).toBe('/identification/authentification');

    fireEvent.change(emailField(), { target: { value: 'pas-une-adresse' } });
    expect(emailField().hasAttribute('aria-invalid')).toBe(false);
    fireEvent.blur(emailField());
    await waitFor(() => expect(emailField().getAttribute('aria-invalid')).toBe('true'));
    const message = screen.getByText('L’adresse e-mail saisie est invalide.');
    expect(emailField().getAttribute('aria-describedby')).toContain(message.id);
    expect(validate().hasAttribute('disabled')).toBe(true);

    fireEvent.change(emailField(), { target: { value: '' } });
    expect(await screen.findByText('Veuillez saisir votre adresse e-mail.')).toBeTruthy();

    fireEvent.change(emailField(), { target: { value: 'claire@demo.test' } });
    await waitFor(() => expect(emailField().hasAttribute('aria-invalid')).toBe(false));
    expect(validate().hasAttribute('disabled')).toBe(false);
  });

  it('checks, then requests the link without a captcha when it is hidden, and hides the buttons', async () => {
    const { requests } = serve({});
    renderPage();
    await submit('claire@demo.test');

    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.success)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Annuler' })).toBeNull();
    const calls = requests.filter((request) => request.method === 'POST');
    expect(calls.map((request) => [request.url, request.body])).toEqual([
      ['/api/clients/reinit_mdp/autorise', '{"email":"claire@demo.test"}'],
      ['/api/clients/reset_password', '{"email":"claire@demo.test"}'],
    ]);
  });

  it('sends a fresh reCAPTCHA token (action homepage) with each call when the captcha is on', async () => {
    const execute = vi.fn(async () => `jeton-${execute.mock.calls.length}`);
    window.grecaptcha = { ready: (callback) => callback(), execute };
    const { requests } = serve(
      {},
      createServerParameters({ hidE_CAPTCHA: 'false', reCAPTCHA_JS: 'https://captcha.example/api.js?render=', reCAPTCHA_ClientKey: 'cle-site' }),
    );
    renderPage();
    await submit('claire@demo.test');

    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.success)).toBeTruthy();
    expect(execute).toHaveBeenCalledWith('cle-site', { action: 'homepage' });
    const bodies = requests.filter((request) => request.method === 'POST').map((request) => request.body);
    expect(bodies).toEqual(['{"email":"claire@demo.test","captcha":"jeton-1"}', '{"email":"claire@demo.test","captcha":"jeton-2"}']);
  });

  it('says a request is already pending when the check answers false, and sends nothing else', async () => {
    const { requests } = serve({ autorise: () => jsonResponse(false) });
    renderPage();
    await submit('claire@demo.test');

    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_RESET_MESSAGES.pending);
    expect(requests.map((request) => request.url)).toContain('/api/clients/reinit_mdp/autorise');
    expect(requests.some((request) => request.url === '/api/clients/reset_password')).toBe(false);
    await waitFor(() => expect(validate().hasAttribute('disabled')).toBe(false));
  });

  it('shows the long text when the check itself fails', async () => {
    serve({ autorise: () => jsonResponse(apiErrorSchema.parse({ code: 'INTERNAL', exceptionMessage: 'x' }), 500) });
    renderPage();
    await submit('claire@demo.test');
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_RESET_MESSAGES.checkFailed);
  });

  it('shows the server message as is when the request is refused', async () => {
    const message = 'Trop de requêtes ont été envoyées depuis votre connexion. Veuillez réessayer dans une minute.';
    serve({ reset: () => jsonResponse(apiErrorSchema.parse({ code: 'TOO_MANY_REQUESTS', exceptionMessage: message }), 429) });
    renderPage();
    await submit('claire@demo.test');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.queryByText(PASSWORD_RESET_MESSAGES.success)).toBeNull();
  });

  it('keeps Valider disabled while the request is in progress and sends it once however often it is submitted', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const { requests } = serve({ reset: () => pending });
    renderPage();
    fireEvent.change(emailField(), { target: { value: 'claire@demo.test' } });
    await waitFor(() => expect(validate().hasAttribute('disabled')).toBe(false));
    const form = validate().closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(requests.some((request) => request.url === '/api/clients/reset_password')).toBe(true));
    expect(validate().hasAttribute('disabled')).toBe(true);
    fireEvent.submit(form);

    answer(jsonResponse({ ok: true }));
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.success)).toBeTruthy();
    const posted = requests.filter((request) => request.method === 'POST').map((request) => request.url);
    expect(posted).toEqual(['/api/clients/reinit_mdp/autorise', '/api/clients/reset_password']);
  });
});
