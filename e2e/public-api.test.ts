import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../apps/api/src/test/wait-for.ts';
import { DEMO, choose, expectNoAxeViolations, loginWithKeyboard, newPage } from './support/journey.ts';
import { useRealApp } from './support/real-app.ts';

const FEED_TOKEN = 'e2e-public-api-feed-token-0123456789abcdef';
/** The demo's runaway data line, in the bakery's account: a record far over its allowance raises an alert. */
const HEAVY_LINE = '0626043580';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The company's system that receives the webhooks, on this machine. */
let receiver: Server;
const received: Received[] = [];
beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
const receiverUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/telecom/evenements`;

// Loopback delivery is allowed for this test's receiver only, which a production server refuses:
// this one runs as a test server (nothing else differs for the journey). The demo's own feed stays off.
const app = useRealApp({ env: () => ({ NODE_ENV: 'test', WEBHOOKS_ALLOW_LOOPBACK: 'true', USAGE_FEED_TOKEN: FEED_TOKEN, DEMO_USAGE_FEED: 'false' }) });

async function feedHeavyRecord() {
  const response = await fetch(`${app.server.url}/api/interne/usages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FEED_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      evenements: [
        {
          idEvenement: `e2e-api-${randomBytes(8).toString('hex')}`,
          numeroLigne: HEAVY_LINE,
          horodatage: new Date(Date.now() - 30_000).toISOString(),
          type: 'DATA',
          zone: 'FRANCE',
          volume: 200 * 1024 * 1024,
          montantHorsForfaitCentimes: 200,
        },
      ],
    }),
  });
  expect(response.status).toBe(200);
}

describe('public API and webhooks', () => {
  it('creates a key, reads the lines with it, adds a webhook and reads its delivery log', async () => {
    const { context, page } = await newPage(app.browser);
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${app.server.url}/ecare/mon-compte/api`);
    await page.getByRole('heading', { level: 1, name: /API et webhooks/ }).waitFor();
    await expectNoAxeViolations(page);

    // A key for the expense-management tool, reading the lines only.
    const form = page.getByRole('form', { name: 'Créer une clé' });
    await form.getByLabel('Nom de la clé').fill('Logiciel de notes de frais');
    await choose(form.getByRole('checkbox', { name: /^Lignes/ }));
    await form.getByRole('button', { name: 'Créer une clé' }).click();
    const shown = page.getByLabel('Clé d’API', { exact: true });
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^ecp_[0-9a-f]{12}_/);
    await expectNoAxeViolations(page);

    // The tool calls the API with it: the bakery's lines, and nothing it was not given.
    const lines = await fetch(`${app.server.url}/api/v1/productInventory/product?fields=name,status`, { headers: { authorization: `Bearer ${key}` } });
    expect(lines.status).toBe(200);
    expect(Number(lines.headers.get('x-total-count'))).toBeGreaterThan(5);
    expect(lines.headers.get('ratelimit-limit')).toBe('600');
    const products = (await lines.json()) as { name: string; status: string }[];
    expect(products.map((product) => product.name)).toContain(HEAVY_LINE);
    expect((await fetch(`${app.server.url}/api/v1/customerBillManagement/customerBill`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(403);

    await page.getByRole('button', { name: 'J’ai copié la clé' }).click();
    await page.reload();
    const keys = page.getByRole('table', { name: 'Clés d’API actives' });
    await keys.getByText('Logiciel de notes de frais').first().waitFor();
    await expect(keys.getByText('Jamais utilisée').count()).resolves.toBe(0);

    // A webhook for the consumption alerts, to the company's receiver.
    const hookForm = page.getByRole('form', { name: 'Ajouter un webhook' });
    await hookForm.getByLabel('Adresse de réception').fill(receiverUrl());
    await choose(hookForm.getByRole('checkbox', { name: /^Une alerte de consommation est déclenchée/ }));
    await hookForm.getByRole('button', { name: 'Ajouter le webhook' }).click();
    const secretField = page.getByLabel('Secret de signature', { exact: true });
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'J’ai copié le secret' }).click();

    // Something happens on the account: the runaway line crosses its thresholds.
    await feedHeavyRecord();
    await waitFor(() => received.length > 0, { timeoutMs: 60_000, what: 'the webhook at the receiver' });
    const [first] = received;
    if (!first) throw new Error('no delivery');
    // Checked by the Standard Webhooks reference library, as the company's system would.
    const event = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    expect(event.type).toBe('alerte.consommation');
    expect(JSON.stringify(event.data)).toContain(HEAVY_LINE);

    // The delivery log shows it delivered; « Renvoyer » sends the same event again.
    await page.getByRole('button', { name: `Livraisons du webhook ${receiverUrl()}` }).click();
    const log = page.getByRole('region', { name: `Livraisons vers ${receiverUrl()}` });
    await log.getByText('Livrée').first().waitFor();
    await log.getByText(/204/).first().waitFor();
    await expectNoAxeViolations(page);
    const before = received.length;
    await log.getByRole('button', { name: /^Renvoyer/ }).first().click();
    await waitFor(() => received.length > before, { timeoutMs: 30_000, what: 'the resent webhook' });
    // The same event again: its webhook-id is one the receiver already had.
    const resentId = received.at(-1)?.headers['webhook-id'];
    expect(received.slice(0, before).some((delivery) => delivery.headers['webhook-id'] === resentId)).toBe(true);
    await context.close();
  });

  it('shows the keys and webhooks as cards on a phone, nothing wider than the screen', async () => {
    const { context, page } = await newPage(app.browser, { width: 375 });
    await loginWithKeyboard(page, app.server.url, DEMO.gestionnaire.email, DEMO.gestionnaire.password);
    await page.waitForURL(/\/pages\/accueil$/);
    await page.goto(`${app.server.url}/ecare/mon-compte/api`);
    await page.getByRole('heading', { level: 1, name: /API et webhooks/ }).waitFor();
    await page.getByText('Logiciel de notes de frais').first().waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
