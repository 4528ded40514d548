import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCurrentUser } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { deferred, renderPage } from '../../../test/render.tsx';
import { CodeRoute } from './code-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(answer: () => Response | Promise<Response>) {
  return stubFetch((request) => {
    if (request.url === '/api/current_user') return jsonResponse(createCurrentUser({ email: 'claire.martin@demo.test' }));
    if (request.url === '/api/clients/password') return answer();
    return jsonResponse(apiErrorSchema.parse({ code: 'NOT_FOUND', exceptionMessage: request.url }), 404);
  });
}

const oldCode = () => screen.getByLabelText(/^Code confidentiel actuel/);
const newCode = () => screen.getByLabelText(/^Nouveau code confidentiel/);
const validate = () => screen.getByRole('button', { name: 'Valider' });

async function fillAndSubmit() {
  await screen.findByText(/Connecté|Changer mon code/, { selector: 'h1' });
  fireEvent.change(oldCode(), { target: { value: 'Demo-Gestion-2026!' } });
  fireEvent.change(newCode(), { target: { value: 'Kw4$nTe8yQ!m' } });
  await waitFor(() => expect(validate().hasAttribute('disabled')).toBe(false));
  fireEvent.click(validate());
}

describe('CodeRoute (code change in the account area)', () => {
  it('puts a wrong current code under its field and moves focus there', async () => {
    serve(() => jsonResponse(apiErrorSchema.parse({ code: 'OLD_PASSWORD', exceptionMessage: errorMessage('OLD_PASSWORD') }), 400));
    renderPage(<CodeRoute />);
    await fillAndSubmit();

    const message = await screen.findByText('L’ancien code confidentiel est incorrect.');
    expect(oldCode().getAttribute('aria-invalid')).toBe('true');
    expect(oldCode().getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(oldCode()));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps Valider disabled while the change is sent, then confirms and empties the fields', async () => {
    const answer = deferred<Response>();
    const { requests } = serve(() => answer.promise);
    renderPage(<CodeRoute />);
    await fillAndSubmit();
    await waitFor(() => expect(requests.some((request) => request.url === '/api/clients/password')).toBe(true));
    expect(validate().hasAttribute('disabled')).toBe(true);
    fireEvent.submit(validate().closest('form') as HTMLFormElement);

    answer.resolve(jsonResponse({ ok: true }));
    expect(
      await screen.findByText('Votre nouveau code confidentiel a bien été pris en compte. Vos autres sessions ouvertes ont été fermées.'),
    ).toBeTruthy();
    expect((newCode() as HTMLInputElement).value).toBe('');
    expect((oldCode() as HTMLInputElement).value).toBe('');
    expect(requests.filter((request) => request.url === '/api/clients/password')).toHaveLength(1);
    const body = JSON.parse(requests.find((request) => request.url === '/api/clients/password')?.body ?? '{}') as Record<string, string>;
    expect(body.codeConfidentiel).toBe('Kw4$nTe8yQ!m');
    expect(body.Password).not.toBe('Kw4$nTe8yQ!m');
  });

  it('shows a refusal that belongs to no field in the alert', async () => {
    serve(() => jsonResponse(apiErrorSchema.parse({ code: 'INTERNAL', exceptionMessage: errorMessage('INTERNAL') }), 500));
    renderPage(<CodeRoute />);
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('INTERNAL'));
  });
});
