import { errorMessage } from '@ecare/shared/errors';
import { webhookDeliverySchema, webhookSchema, type WebhookDelivery } from '@ecare/shared/webhooks';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { onPhoneScreen } from '../../../test/narrow-screen.ts';
import { renderPage } from '../../../test/render.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 1001;
const WEBHOOK = webhookSchema.parse({
  idWebhook: '0f0f0f0f-1111-4222-8333-444444444444',
  url: 'https://erp.entreprise.fr/evenements',
  evenements: ['facture.emise', 'paiement.recu'],
  actif: true,
  creeLe: '2026-11-20T09:00:00.000Z',
  desactiveLe: null,
  ancienSecretValideJusquA: null,
});
const LOG = `/api/clients/${ACCOUNT}/webhooks/${WEBHOOK.idWebhook}/livraisons`;

const FAILING: WebhookDelivery = webhookDeliverySchema.parse({
  idLivraison: 'aaaaaaaa-1111-4222-8333-444444444444',
  idEvenement: 'evt_2Jk9',
  type: 'facture.emise',
  creeLe: '2026-11-24T10:00:00.000Z',
  statut: 'ECHEC',
  tentatives: 2,
  prochaineTentative: '2026-11-24T10:30:00.000Z',
  // Listed newest first: the log shows them in order all the same.
  essais: [
    { le: '2026-11-24T10:05:00.000Z', codeHttp: 500, dureeMs: 1204, erreur: null },
    { le: '2026-11-24T10:00:01.000Z', codeHttp: null, dureeMs: 10000, erreur: 'Délai de 10 s dépassé' },
  ],
});
const DELIVERED: WebhookDelivery = webhookDeliverySchema.parse({
  idLivraison: 'bbbbbbbb-1111-4222-8333-444444444444',
  idEvenement: 'evt_7Pq1',
  type: 'paiement.recu',
  creeLe: '2026-11-23T08:00:00.000Z',
  statut: 'LIVREE',
  tentatives: 1,
  prochaineTentative: null,
  essais: [{ le: '2026-11-23T08:00:01.000Z', codeHttp: 200, dureeMs: 87, erreur: null }],
});

/** One webhook and its log; a resend of the failing delivery is delivered at once. */
function serve(webhook = WEBHOOK) {
  let deliveries = [FAILING, DELIVERED];
  return stubFetch((request: RecordedRequest) => {
    if (request.url === `/api/clients/${ACCOUNT}/webhooks`) return jsonResponse({ webhooks: [webhook] });
    if (request.url === LOG && request.method === 'GET') return jsonResponse({ livraisons: deliveries });
    if (request.url === `${LOG}/${FAILING.idLivraison}/renvoi` && request.method === 'POST') {
      const resent = webhookDeliverySchema.parse({
        ...FAILING,
        statut: 'LIVREE',
        tentatives: 3,
        prochaineTentative: null,
        essais: [...FAILING.essais, { le: '2026-11-24T10:20:00.000Z', codeHttp: 204, dureeMs: 95, erreur: null }],
      });
      deliveries = deliveries.map((delivery) => (delivery.idLivraison === FAILING.idLivraison ? resent : delivery));
      return jsonResponse(resent, 202);
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

const logGets = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'GET' && request.url === LOG).length;

describe('the delivery log of a webhook', () => {
  it('opens under the list with the focus, unfolds the attempts, and resends a delivery then reads the log again', async () => {
    const { requests } = serve();
    renderPage(<WebhooksSection idClientBscs={ACCOUNT} agentSession={false} />);
    fireEvent.click(await screen.findByRole('button', { name: `Livraisons du webhook ${WEBHOOK.url}` }));

    const heading = await screen.findByRole('heading', { level: 3, name: `Livraisons vers ${WEBHOOK.url}` });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const log = await screen.findByRole('table', { name: `Livraisons vers ${WEBHOOK.url}` });
    const failing = within(within(log).getByRole('rowheader', { name: /Une facture est émise/ }).closest('tr') ?? document.body);
    expect(failing.getByText('facture.emise')).toBeTruthy();
    expect(failing.getByText('24/11/2026 11:00')).toBeTruthy();
    expect(failing.getByText('En échec, nouvel essai prévu')).toBeTruthy();
    expect(failing.getByText('2')).toBeTruthy();
    expect(failing.getByText(/^HTTP 500 en 1\s204\sms$/)).toBeTruthy();
    expect(failing.getByText('24/11/2026 11:30')).toBeTruthy();

    const summary = failing.getByText(/^Voir les\s2\sessais$/);
    const details = summary.closest('details');
    expect(details?.open).toBe(false);
    fireEvent.click(summary);
    const attempts = within(details ?? document.body).getAllByRole('listitem').map((item) => item.textContent);
    expect(attempts[0]).toMatch(/^24\/11\/2026 11:00:01\s: Sans réponse en 10\s000\smsDélai de 10 s dépassé$/);
    expect(attempts[1]).toMatch(/^24\/11\/2026 11:05:00\s: HTTP 500 en 1\s204\sms$/);

    const delivered = within(within(log).getByRole('rowheader', { name: /Un paiement est reçu/ }).closest('tr') ?? document.body);
    expect(delivered.getByText('Livrée')).toBeTruthy();
    expect(delivered.getByText('Aucun')).toBeTruthy();

    const before = logGets(requests);
    fireEvent.click(failing.getByRole('button', { name: 'Renvoyer l’événement «\u00a0Une facture est émise\u00a0» du 24/11/2026 11:00' }));
    expect(await screen.findByText(/^La livraison est renvoyée\s: son nouvel essai apparaît dans le journal\.$/)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([`${LOG}/${FAILING.idLivraison}/renvoi`]);
    await waitFor(() => expect(logGets(requests)).toBeGreaterThan(before));
    expect(await failing.findByText(/^HTTP 204 en 95\sms$/)).toBeTruthy();
    expect(failing.getByText('Livrée')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Fermer le journal' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: `Livraisons vers ${WEBHOOK.url}` })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Livraisons du webhook ${WEBHOOK.url}` }));
  });

  it('offers no resend while the webhook is disabled, and says why', async () => {
    serve({ ...WEBHOOK, actif: false, desactiveLe: '2026-11-24T11:00:00.000Z' });
    renderPage(<WebhooksSection idClientBscs={ACCOUNT} agentSession={false} />);
    fireEvent.click(await screen.findByRole('button', { name: `Livraisons du webhook ${WEBHOOK.url}` }));
    expect(await screen.findByRole('table', { name: `Livraisons vers ${WEBHOOK.url}` })).toBeTruthy();
    expect(screen.getByText(errorMessage('WEBHOOK_INACTIVE'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Renvoyer/ })).toBeNull();
  });

  it('shows the deliveries as cards on a phone, « Renvoyer » on each', async () => {
    onPhoneScreen();
    serve();
    renderPage(<WebhooksSection idClientBscs={ACCOUNT} agentSession={false} />);
    fireEvent.click(await screen.findByRole('button', { name: `Livraisons du webhook ${WEBHOOK.url}` }));
    const cards = await screen.findByRole('list', { name: `Livraisons vers ${WEBHOOK.url}` });
    expect(within(cards).getAllByRole('button', { name: /^Renvoyer/ })).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
