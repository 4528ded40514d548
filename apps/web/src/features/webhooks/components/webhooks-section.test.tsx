import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { webhookSchema, webhookWithSecretSchema, type Webhook } from '@ecare/shared/webhooks';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { onPhoneScreen } from '../../../test/narrow-screen.ts';
import { clickWhenEnabled, renderPage } from '../../../test/render.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const ACCOUNT = 1001;
const URL = `/api/clients/${ACCOUNT}/webhooks`;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NEXT_SECRET = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';

let sequence = 0;
/** A webhook as GET …/webhooks lists it, active unless told. */
function createWebhook(overrides: Partial<Webhook> = {}): Webhook {
  sequence += 1;
  return webhookSchema.parse({
    idWebhook: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    url: `https://outils.entreprise.fr/hooks/${sequence}`,
    evenements: ['facture.emise'],
    actif: true,
    creeLe: '2026-11-20T09:00:00.000Z',
    desactiveLe: null,
    ancienSecretValideJusquA: null,
    ...overrides,
  });
}

/** The account's webhooks as the API keeps them; a creation is refused once when `refuseFirst`. */
function serve(initial: Webhook[], { refuseFirst = false } = {}) {
  let webhooks = initial;
  let refuse = refuseFirst;
  return stubFetch((request: RecordedRequest) => {
    const body = JSON.parse(request.body ?? '{}') as Pick<Webhook, 'url' | 'evenements' | 'actif'>;
    if (request.url === URL && request.method === 'GET') return jsonResponse({ webhooks });
    if (request.url === URL && request.method === 'POST') {
      if (refuse) {
        refuse = false;
        return jsonResponse(apiErrorSchema.parse({ code: 'WEBHOOK_URL_INVALID', exceptionMessage: errorMessage('WEBHOOK_URL_INVALID') }), 400);
      }
      const created = createWebhook(body);
      webhooks = [...webhooks, created];
      return jsonResponse(webhookWithSecretSchema.parse({ ...created, secret: SECRET }), 201);
    }
    const one = webhooks.find((webhook) => request.url.startsWith(`${URL}/${webhook.idWebhook}`));
    if (!one) return jsonResponse({ code: 'WEBHOOK_UNKNOWN', exceptionMessage: errorMessage('WEBHOOK_UNKNOWN') }, 404);
    const replace = (changed: Webhook) => {
      webhooks = webhooks.map((webhook) => (webhook.idWebhook === one.idWebhook ? changed : webhook));
      return changed;
    };
    if (request.method === 'PUT') return jsonResponse(replace({ ...one, ...body, desactiveLe: body.actif ? null : one.desactiveLe }));
    if (request.method === 'POST' && request.url.endsWith('/secret')) {
      const rotated = replace({ ...one, ancienSecretValideJusquA: '2026-11-26T10:00:00.000Z' });
      return jsonResponse({ ...rotated, secret: NEXT_SECRET });
    }
    if (request.method === 'DELETE') {
      webhooks = webhooks.filter((webhook) => webhook !== one);
      return jsonResponse({ ok: true });
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

const urlField = () => screen.getByRole('textbox', { name: /^Adresse de réception/ });

describe('WebhooksSection', () => {
  it('adds a webhook, shows its signing secret once with the focus on it, and never again once closed', async () => {
    const clipboard = { writeText: vi.fn(async () => undefined) };
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });
    const { requests } = serve([]);
    renderPage(<WebhooksSection idClientBscs={ACCOUNT} agentSession={false} />);

    expect(await screen.findByText('Aucun webhook.')).toBeTruthy();
    const signature = screen.getByRole('heading', { level: 3, name: 'Vérifier la signature' }).parentElement?.textContent ?? '';
    for (const words of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'HMAC-SHA256', 'id.timestamp.corps']) expect(signature).toContain(words);
    fireEvent.change(urlField(), { target: { value: ' https://erp.entreprise.fr/evenements ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Un paiement est reçu/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Une facture est émise/ }));
    expect((screen.getByRole('checkbox', { name: /^Actif/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le webhook' }));

    const secret = await screen.findByRole('textbox', { name: 'Secret de signature' });
    expect((secret as HTMLTextAreaElement).value).toBe(SECRET);
    await waitFor(() => expect(document.activeElement).toBe(secret));
    expect(screen.getByText(/^Copiez ce secret maintenant\s: il ne sera plus jamais affiché\.$/)).toBeTruthy();
    expect(JSON.parse(requests.find((request) => request.method === 'POST')?.body ?? '{}')).toEqual({
      url: 'https://erp.entreprise.fr/evenements',
      evenements: ['facture.emise', 'paiement.recu'],
      actif: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copier le secret' }));
    expect(await screen.findByText('Le secret est copié dans le presse-papiers.')).toBeTruthy();
    expect(clipboard.writeText).toHaveBeenCalledWith(SECRET);
    const table = await screen.findByRole('table', { name: 'Webhooks du compte' });
    expect(within(table).getByRole('rowheader', { name: 'https://erp.entreprise.fr/evenements' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'J’ai copié le secret' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Secret de signature' })).toBeNull());
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.getByRole('button', { name: 'Ajouter le webhook' })).toBeTruthy();
  });

  it('shows the API’s refusal of the address in French under the field', async () => {
    serve([], { refuseFirst: true });
    renderPage(<WebhooksSection idClientBscs={ACCOUNT} agentSession={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter le webhook' }));
    expect(await screen.findByText('Indiquez l’adresse qui recevra les événements.')).toBeTruthy();
    expect(screen.getByText('Choisissez au moins un événement.')).toBeTruthy();

    fireEvent.change(urlField(), { target: { value: 'http://192.168.1.10/hook' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Une commande change de statut/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le webhook' }));
    expect(await screen.findByText(errorMessage('WEBHOOK_URL_INVALID'))).toBeTruthy();
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'Secret de signature' })).toBeNull();
  });

  it('says why a webhook was disabled, and turns it back on through its edition', async () => {
    const disabled = createWebhook({ actif: false, desactiveLe: '2026-11-21T09:30:00.000Z', evenements: ['ligne.statut', 'commande.statut'] });
    const { requests } = serve([disabled]);
    renderPage(<WebhooksSection idClientBscs={ACCOUNT} agentSession={false} />);

    const row = within((await screen.findByRole('rowheader', { name: disabled.url })).closest('tr') ?? document.body);
    expect(row.getByText('Désactivé le 21/11/2026')).toBeTruthy();
    expect(row.getByText(/Ses livraisons ont échoué pendant 24\sheures/)).toBeTruthy();
    expect(row.getByText('Une ligne est activée, suspendue ou résiliée')).toBeTruthy();

    fireEvent.click(row.getByRole('button', { name: `Modifier du webhook ${disabled.url}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Modifier le webhook' }));
    expect(dialog.getByText(/cochez «\sActif\s» pour le réactiver/)).toBeTruthy();
    const active = dialog.getByRole('checkbox', { name: /^Actif/ }) as HTMLInputElement;
    expect(active.checked).toBe(false);
    fireEvent.click(active);
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Le webhook est modifié.')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe(`${URL}/${disabled.idWebhook}`);
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ url: disabled.url, evenements: ['commande.statut', 'ligne.statut'], actif: true });
    const table = screen.getByRole('table', { name: 'Webhooks du compte' });
    expect(await within(table).findByText('Actif')).toBeTruthy();
    expect(within(table).queryByText(/Désactivé le/)).toBeNull();
  });

  it('gives a new secret only once confirmed, saying the previous one signs for 24 hours more', async () => {
    const webhook = createWebhook();
    const { requests } = serve([webhook]);
    renderPage(<WebhooksSection idClientBscs={ACCOUNT} agentSession={false} />);

    fireEvent.click(await screen.findByRole('button', { name: `Nouveau secret du webhook ${webhook.url}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Générer un nouveau secret de signature\u00a0?' });
    expect(dialog.textContent).toMatch(/L’ancien reste valable 24\sheures/);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Générer un nouveau secret' }));

    const secret = await screen.findByRole('textbox', { name: 'Secret de signature' });
    expect((secret as HTMLTextAreaElement).value).toBe(NEXT_SECRET);
    expect(screen.getByRole('group', { name: 'Le nouveau secret de signature' }).textContent).toContain('L’ancien secret signe encore jusqu’au 26/11/2026 11:00.');
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([`${URL}/${webhook.idWebhook}/secret`]);
  });

  it('deletes a webhook only once confirmed', async () => {
    const webhook = createWebhook();
    const { requests } = serve([webhook]);
    renderPage(<WebhooksSection idClientBscs={ACCOUNT} agentSession={false} />);

    fireEvent.click(await screen.findByRole('button', { name: `Supprimer du webhook ${webhook.url}` }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Supprimer ce webhook\u00a0?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await clickWhenEnabled(screen.getByRole('button', { name: `Supprimer du webhook ${webhook.url}` }));
    dialog = await screen.findByRole('alertdialog', { name: 'Supprimer ce webhook\u00a0?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oui, supprimer le webhook' }));
    expect(await screen.findByText('Le webhook est supprimé.')).toBeTruthy();
    expect(await screen.findByText('Aucun webhook.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([`${URL}/${webhook.idWebhook}`]);
  });

  it('lets an agent disable or delete a webhook, once confirmed, but not create, change or renew one', async () => {
    const webhook = createWebhook();
    const disabled = createWebhook({ actif: false, desactiveLe: '2026-11-21T09:30:00.000Z' });
    const { requests } = serve([webhook, disabled]);
    renderPage(<WebhooksSection idClientBscs={ACCOUNT} agentSession />);

    const row = within((await screen.findByRole('rowheader', { name: webhook.url })).closest('tr') ?? document.body);
    expect(row.queryByRole('button', { name: /^Modifier/ })).toBeNull();
    expect(row.queryByRole('button', { name: /^Nouveau secret/ })).toBeNull();
    expect(row.getByRole('button', { name: `Supprimer du webhook ${webhook.url}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter le webhook' })).toBeNull();
    expect(screen.getByText(errorMessage('WEBHOOK_AGENT_FORBIDDEN'))).toBeTruthy();
    const other = within(screen.getByRole('rowheader', { name: disabled.url }).closest('tr') ?? document.body);
    expect(other.queryByRole('button', { name: /^Désactiver/ })).toBeNull();
    expect(other.queryByText(/réactivez-le/)).toBeNull();

    fireEvent.click(row.getByRole('button', { name: `Désactiver du webhook ${webhook.url}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Désactiver ce webhook\u00a0?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oui, désactiver le webhook' }));
    expect(await screen.findByText('Le webhook est désactivé.')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe(`${URL}/${webhook.idWebhook}`);
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ url: webhook.url, evenements: webhook.evenements, actif: false });
  });

  it('shows the webhooks as cards on a phone', async () => {
    onPhoneScreen();
    const webhook = createWebhook();
    serve([webhook]);
    renderPage(<WebhooksSection idClientBscs={ACCOUNT} agentSession={false} />);
    const cards = await screen.findByRole('list', { name: 'Webhooks du compte' });
    expect(within(cards).getByRole('button', { name: `Modifier du webhook ${webhook.url}` })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
