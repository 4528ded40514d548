import { adminParametersBodySchema, adminParametersSchema, type AdminParameters } from '@ecare/shared/admin';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { clickWhenEnabled, renderPage } from '../../../test/render.tsx';
import { ParametersForm } from './parameters-form.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PARAMETERS: AdminParameters = adminParametersSchema.parse({
  en_maintenance: false,
  hidE_CAPTCHA: true,
  activeR_RESSOURCES_EXTERNES: false,
  titrE_BANDEAU: 'Bandeau <strong>actuel</strong>',
  messageAuthentification: '',
  propagationSecondes: 2,
});

function serve() {
  return stubFetch(async (request) => {
    if (request.url === '/api/admin/parametres' && request.method === 'PUT') {
      const body = adminParametersBodySchema.parse(JSON.parse(request.body ?? '{}'));
      return jsonResponse({
        parametres: { ...body, titrE_BANDEAU: 'Nouveau <strong>bandeau</strong>', propagationSecondes: 2 },
        retraits: [{ champ: 'titrE_BANDEAU', elements: ['balise <script> et son contenu', 'attribut onclick'] }],
      });
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

const render = () => renderPage(<ParametersForm parameters={PARAMETERS} renderBanner={(html) => <div className="banniere" dangerouslySetInnerHTML={{ __html: html }} />} />);
const preview = (label: string) => screen.getByRole('region', { name: `Aperçu de « ${label} »` });

describe('ParametersForm', () => {
  it('previews the banner as the pages will show it: a script or an onclick typed is not in it', async () => {
    serve();
    render();
    const field = await screen.findByRole('textbox', { name: /Bandeau des pages connectées/ });
    expect(preview('Bandeau des pages connectées').innerHTML).toContain('Bandeau <strong>actuel</strong>');
    fireEvent.change(field, { target: { value: '<b onclick="alert(1)">Nouveau</b> bandeau<script>alert(2)</script>' } });
    const shown = preview('Bandeau des pages connectées');
    expect(shown.textContent).toContain('Nouveau bandeau');
    expect(shown.innerHTML).not.toMatch(/script|onclick|alert/);
    expect(shown.querySelector('b')?.textContent).toBe('Nouveau');
    expect(within(preview('Message de la page de connexion')).getByText('Texte vide : rien ne sera affiché.')).toBeTruthy();
  });

  it('saves every parameter, then says so and lists what the server removed', async () => {
    const { requests } = serve();
    render();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Activer les ressources externes/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Bandeau des pages connectées/ }), { target: { value: 'Nouveau <strong onclick="x()">bandeau</strong><script>x()</script>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));

    expect(await screen.findByText('Les paramètres ont été enregistrés.')).toBeTruthy();
    expect(screen.getByText(/Bandeau des pages connectées\s*: balise <script> et son contenu, attribut onclick\./)).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      en_maintenance: false,
      hidE_CAPTCHA: true,
      activeR_RESSOURCES_EXTERNES: true,
      titrE_BANDEAU: 'Nouveau <strong onclick="x()">bandeau</strong><script>x()</script>',
      messageAuthentification: '',
    });
    // The form now holds what the server stored.
    expect((screen.getByRole('textbox', { name: /Bandeau des pages connectées/ }) as HTMLTextAreaElement).value).toBe('Nouveau <strong>bandeau</strong>');
  });

  it('asks before putting the portal in maintenance, and saves nothing when the answer is no', async () => {
    const { requests } = serve();
    render();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Portail en maintenance/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mettre le portail en maintenance ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await clickWhenEnabled(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mettre en maintenance' }));
    expect(await screen.findByText('Les paramètres ont été enregistrés.')).toBeTruthy();
    expect(JSON.parse(requests.find((request) => request.method === 'PUT')?.body ?? '{}')).toMatchObject({ en_maintenance: true });
  });
});
