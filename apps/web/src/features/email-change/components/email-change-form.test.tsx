import { EMAIL_CHANGE_MESSAGES } from '@ecare/shared/email-change';
import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { deferred, renderPage } from '../../../test/render.tsx';
import { EmailChangeForm } from './email-change-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const serve = (answer: () => Response | Promise<Response>) =>
  stubFetch((request) => (request.url === '/api/utilisateurs/email' ? answer() : jsonResponse({}, 404)));

const email = () => screen.getByLabelText(/^Nouvelle adresse e-mail/);
const code = () => screen.getByLabelText(/^Code confidentiel actuel/);
const validate = () => screen.getByRole('button', { name: 'Valider' });

function fill(newEmail: string, typedCode: string) {
  fireEvent.change(email(), { target: { value: newEmail } });
  fireEvent.change(code(), { target: { value: typedCode } });
}

describe('EmailChangeForm', () => {
  it('says what is missing under each field, word for word, and moves focus to the first one', async () => {
    const { requests } = serve(() => jsonResponse({ ok: true }));
    renderPage(<EmailChangeForm currentEmail="claire@demo.test" />);
    expect(email().getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(validate());

    expect(await screen.findByText('Veuillez saisir la nouvelle adresse e-mail.')).toBeTruthy();
    expect(screen.getByText('Veuillez saisir votre code confidentiel.')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(code().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email()));

    fireEvent.change(email(), { target: { value: 'pas-une-adresse' } });
    expect(await screen.findByText('L’adresse e-mail saisie est invalide.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('moves focus to the code when only the code is missing', async () => {
    serve(() => jsonResponse({ ok: true }));
    renderPage(<EmailChangeForm currentEmail="claire@demo.test" />);
    fill('nouvelle@demo.test', '');
    fireEvent.click(validate());
    await waitFor(() => expect(document.activeElement).toBe(code()));
    expect(email().getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the request once, with Valider disabled meanwhile, then confirms and empties the form', async () => {
    const answer = deferred<Response>();
    const { requests } = serve(() => answer.promise);
    renderPage(<EmailChangeForm currentEmail="claire@demo.test" />);
    fill('nouvelle@demo.test', 'Demo-Gestion-2026!');
    const form = validate().closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(validate().hasAttribute('disabled')).toBe(true);

    answer.resolve(jsonResponse({ ok: true }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.requested)).toBeTruthy();
    expect((email() as HTMLInputElement).value).toBe('');
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]?.body ?? '{}')).toMatchObject({ nouvelEmail: 'nouvelle@demo.test' });
  });

  it.each([
    ['WRONG_CODE', 'code'],
    ['EMAIL_SAME', 'email'],
    ['EMAIL_UNAVAILABLE', 'email'],
  ] as const)('puts the refusal %s under the %s field', async (refusal, field) => {
    serve(() => jsonResponse(apiErrorSchema.parse({ code: refusal, exceptionMessage: errorMessage(refusal) }), 400));
    renderPage(<EmailChangeForm currentEmail="claire@demo.test" />);
    fill('nouvelle@demo.test', 'Demo-Gestion-2026!');
    fireEvent.click(validate());
    const message = await screen.findByText(errorMessage(refusal));
    const input = field === 'code' ? code() : email();
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(input));
  });
});
