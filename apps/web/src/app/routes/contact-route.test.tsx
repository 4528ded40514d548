import { contactSubThemeListSchema, contactThemeListSchema, type ContactResponse } from '@ecare/shared/support';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetParameters } from '../../lib/server-parameters.ts';
import { createServerParameters } from '../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../test/jsdom-gaps.ts';
import { renderPage } from '../../test/render.tsx';
import { stubXhr } from '../../test/xhr-stub.ts';
import { ContactRoute } from './contact-route.tsx';

const THEMES = contactThemeListSchema.parse([{ idTheme: 1, libelle: 'Facturation', ordre: 1 }]);
const SUB_THEMES = contactSubThemeListSchema.parse([]);
const SENT: ContactResponse = { reference: 'SUP-2026-000042', dateCreation: '2026-03-02T10:00:00.000Z', email: 'claire@atelier.example' };
const CAPTCHA_SCRIPT = 'https://captcha.example/api.js?render=';

function serve(parameters = createServerParameters()) {
  stubFetch((request) => {
    if (request.url === '/api/parametres') return jsonResponse(parameters);
    if (request.url === '/api/Faq/contact_themes') return jsonResponse(THEMES);
    return jsonResponse(SUB_THEMES);
  });
  return stubXhr(() => ({ status: 200, body: SENT }));
}

/** A visitor (no session) writes on the billing theme and sends. */
async function sendAsVisitor() {
  renderPage(<ContactRoute />, { path: '/assistance/formulaire-contact?idTheme=1' });
  await screen.findByRole('combobox', { name: /^Thème/ });
  fireEvent.change(screen.getByLabelText(/^Objet/), { target: { value: 'Facture de mars' } });
  fireEvent.change(screen.getByLabelText(/^Votre message/), { target: { value: 'Une ligne est facturée deux fois.' } });
  fireEvent.change(screen.getByLabelText(/^Prénom/), { target: { value: 'Claire' } });
  fireEvent.change(screen.getByLabelText(/^Nom/), { target: { value: 'Fontaine' } });
  fireEvent.change(screen.getByLabelText(/^Adresse e-mail/), { target: { value: 'claire@atelier.example' } });
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
  await screen.findByText('SUP-2026-000042');
}

beforeEach(() => {
  fillJsdomGaps();
  forgetParameters();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.grecaptcha;
});

describe('ContactRoute, a visitor’s message', () => {
  it('carries a captcha token whenever a site key is configured, even with the captcha hidden by hidE_CAPTCHA', async () => {
    const execute = vi.fn(async () => 'jeton-visiteur');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    const { uploads } = serve(createServerParameters({ hidE_CAPTCHA: 'true', reCAPTCHA_JS: CAPTCHA_SCRIPT, reCAPTCHA_ClientKey: 'cle-site' }));
    await sendAsVisitor();
    expect(execute).toHaveBeenCalledWith('cle-site', { action: 'homepage' });
    await waitFor(() => expect(uploads[0]?.body?.get('captcha')).toBe('jeton-visiteur'));
  });

  it('goes without a token when no captcha is configured (the offline demo)', async () => {
    const execute = vi.fn(async () => 'jamais');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    const { uploads } = serve(createServerParameters({ hidE_CAPTCHA: 'false', reCAPTCHA_JS: CAPTCHA_SCRIPT, reCAPTCHA_ClientKey: '' }));
    await sendAsVisitor();
    expect(execute).not.toHaveBeenCalled();
    expect(uploads[0]?.body?.has('captcha')).toBe(false);
  });
});
