import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { esimLinkSentSchema } from '@ecare/shared/esim';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { formatExpiration, SendEsimLinkForm } from './send-esim-link-form.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SENT = esimLinkSentSchema.parse({ email: 'julie.marchand@exemple.fr', expiration: '2026-03-05T10:00:00.000Z' });
const email = () => screen.getByLabelText(/^Adresse e-mail du destinataire/);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

describe('SendEsimLinkForm', () => {
  it('proposes the line user’s address, asks for confirmation, sends and says until when the link works', async () => {
    const { requests } = stubFetch(() => jsonResponse(SENT));
    renderPage(<SendEsimLinkForm idContrat={5012} numeroLigne="0612345678" defaultEmail="julie.marchand@exemple.fr" />);
    expect((email() as HTMLInputElement).value).toBe('julie.marchand@exemple.fr');
    submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmer l’envoi du lien' });
    expect(dialog.textContent).toContain('06 12 34 56 78');
    expect(dialog.textContent).toContain('julie.marchand@exemple.fr');
    expect(requests).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Le lien d’installation de l’eSIM a été envoyé à julie.marchand@exemple.fr.')).toBeTruthy();
    expect(screen.getByText(`Il est valable jusqu’au ${formatExpiration(SENT.expiration)}.`)).toBeTruthy();
    expect(formatExpiration(SENT.expiration)).toBe('5 mars 2026 à 11:00');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/api/consulteresim/5012/envoyer', JSON.stringify({ email: 'julie.marchand@exemple.fr' })],
    ]);
  });

  it('words a missing or invalid address under the field and sends nothing', async () => {
    const { requests } = stubFetch(() => jsonResponse(SENT));
    renderPage(<SendEsimLinkForm idContrat={5012} numeroLigne="0612345678" defaultEmail={null} />);
    submit();
    expect(await screen.findByText('Veuillez saisir l’adresse e-mail du destinataire.')).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'pas-une-adresse' } });
    expect(await screen.findByText('L’adresse e-mail saisie est invalide.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('shows the refusal of the server in the form', async () => {
    stubFetch(() =>
      jsonResponse(apiErrorSchema.parse({ code: 'ESIM_SEND_LIMIT', exceptionMessage: errorMessage('ESIM_SEND_LIMIT', { minutes: 12 }) }), 429),
    );
    renderPage(<SendEsimLinkForm idContrat={5012} numeroLigne="0612345678" defaultEmail="a@exemple.fr" />);
    submit();
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Envoyer' }));
    // Testing Library reads the page's text with its no-break spaces made plain.
    expect(await screen.findByText(errorMessage('ESIM_SEND_LIMIT', { minutes: 12 }).replace(/\s+/g, ' '))).toBeTruthy();
  });
});
