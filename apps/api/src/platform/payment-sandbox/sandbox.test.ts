import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingAccountListSchema, paymentLinkSchema } from '@ecare/shared';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, TEST_DATABASE_URL, useTestContext } from '../../test/harness.ts';
import {
  dayFrom,
  insertInvoice,
  invoiceRow,
  PAYMENT_ENV,
  PAYMENT_SECRET,
  paymentsOf,
  routeSandboxToApp,
  transactionRow,
  type SentNotification,
} from '../../test/support/payment.ts';
import { CARD_ATTEMPTS } from './sandbox.routes.ts';
import { SANDBOX_SESSION_MS } from './sandbox-provider.ts';

const PUBLIC_URL = 'https://espace-client.test';
const { t, f } = useTestContext(demoFixture, { env: PAYMENT_ENV });

const ACCEPTED = '4111 1111 1111 1111';
const REFUSED = '4000 0000 0000 0002';
const CHALLENGE = '4000 0000 0000 3220';

let sent: SentNotification[];
/** The manager's session: renewed where a test lets the clock run past its idle limit. */
let manager: string;
beforeAll(() => {
  manager = f.manager;
});
beforeEach(() => {
  sent = routeSandboxToApp(t.app, PUBLIC_URL);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

let addressCounter = 0;
/** A client address per test, so that the per-address limit bites only where a test means it to. */
const nextAddress = () => `198.18.${Math.floor(++addressCounter / 200)}.${(addressCounter % 200) + 1}`;

const validExpiry = () => `12/${String(new Date(t.clock.now()).getUTCFullYear() + 2).slice(2)}`;

/** A payment of new bakery invoices, started by its manager: the transaction and its hosted page's path. */
async function startPayment(amounts: number[] = [123_456]) {
  const rows: Awaited<ReturnType<typeof insertInvoice>>[] = [];
  for (const amount of amounts) rows.push(await insertInvoice(t, f.account, { montantTtcCentimes: amount, dateEcheance: dayFrom(t, -1) }));
  const start = () =>
    t.send('POST', '/api/paiement/lien', { token: manager, json: { idClientBscs: f.account, referenceNumbers: rows.map((row) => row.referenceNumber) } });
  let response = await start();
  if (response.statusCode === 429) {
    // Past the manager's hourly number of payments: later, in a new session.
    t.clock.advance(Number(response.headers['retry-after']) * 1000);
    manager = await t.loginAs('gestionnaire');
    response = await start();
  }
  expect(response.statusCode, response.body).toBe(200);
  const link = bodyOf(response, paymentLinkSchema);
  const path = new URL(link.url).pathname;
  return { ...link, path, invoices: rows, ip: nextAddress() };
}
type Payment = Awaited<ReturnType<typeof startPayment>>;

const openPage = (path: string) => t.app.inject({ method: 'GET', url: path, remoteAddress: nextAddress() });

function post(path: string, form: Record<string, string>, ip = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

const payWith = (payment: Payment, numero: string, extra: Record<string, string> = {}) =>
  post(payment.path, { numero, expiration: validExpiry(), cryptogramme: '123', ...extra }, payment.ip);

const returnUrl = (payment: Payment) => `${PUBLIC_URL}/ecare/mon-compte/paiement/retour?transactionReference=${payment.transactionReference}`;

function expectBackToPortal(response: Awaited<ReturnType<typeof post>>, payment: Payment) {
  expect(response.statusCode, response.body).toBe(303);
  expect(response.headers.location).toBe(returnUrl(payment));
}

const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

describe('the sandbox’s hosted page', () => {
  it('is a French, accessible HTML page showing the merchant, the amount and the reference, with the test cards', async () => {
    const payment = await startPayment([123_456]);
    const response = await openPage(payment.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toMatch(/<title>Paiement par carte – Bac à sable de paiement<\/title>/);
    expect(html).toContain('<main id="contenu"');
    expect(html).toContain('Telora Pro');
    expect(html).toContain(euros(123_456));
    expect(html).toContain(payment.transactionReference);
    for (const card of [ACCEPTED, REFUSED, CHALLENGE]) expect(html).toContain(card);
    for (const id of ['numero', 'expiration', 'cryptogramme']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`aria-describedby="${id}-aide"`);
    }
    expect(html).toContain('Annuler et revenir au site');
    expect(html).not.toMatch(/<script|style="/);
    const css = await t.app.inject({ method: 'GET', url: '/sandbox-paiement/sandbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('says so for an unknown or altered address, and cancels a session opened too late', async () => {
    expect((await openPage('/sandbox-paiement/inconnu')).statusCode).toBe(404);
    const payment = await startPayment([1_500]);
    const token = payment.path.split('/').pop() ?? '';
    const altered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const refused = await openPage(`/sandbox-paiement/${altered}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('Session de paiement introuvable');
    expect(sent).toEqual([]);

    t.clock.advance(SANDBOX_SESSION_MS + 1_000);
    // The manager's session did not live through the wait.
    manager = await t.loginAs('gestionnaire');
    const expired = await openPage(payment.path);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Session de paiement expirée');
    expect(expired.body).toContain(`href="${returnUrl(payment)}"`);
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('ANNULEE');
    expect((await payWith(payment, ACCEPTED)).statusCode).toBe(410);
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('ANNULEE');
    expect(sent.map((notification) => JSON.parse(notification.body) as { type: string }).map((event) => event.type)).toEqual(['paiement.annule']);
  });
});

describe('paying in the sandbox', () => {
  it('pays with the accepted test card: a signed notification without card data reaches the portal, then the browser goes back', async () => {
    const payment = await startPayment([123_456, 4_321]);
    expectBackToPortal(await payWith(payment, ACCEPTED), payment);
    expect(sent).toHaveLength(1);
    const [notification] = sent;
    expect(notification?.url).toBe(`${PUBLIC_URL}/api/paiement/notification`);
    expect(notification?.status).toBe(200);
    expect(notification?.headers['x-sandbox-signature']).toMatch(/^sha256=[a-f0-9]{64}$/);
    // PCI DSS SAQ A: nothing of the card leaves the sandbox.
    // The signature, the timestamp and the event id are random or clock-made digits, checked by their own
    // patterns: left in, they could hold '4111' by chance.
    expect(Object.keys(notification?.headers ?? {}).sort()).toEqual(['content-type', 'x-sandbox-signature', 'x-sandbox-timestamp']);
    expect(notification?.headers['x-sandbox-timestamp']).toMatch(/^\d{10}$/);
    const body = JSON.parse(notification?.body ?? '{}') as { id?: string; cree?: number };
    const everything = JSON.stringify({ ...notification, headers: {}, body: { ...body, id: null, cree: null } });
    for (const secret of ['4111', '1111 1111', '1111111111', validExpiry(), 'cryptogramme', 'numero', 'expiration']) expect(everything).not.toContain(secret);
    expect(JSON.parse(notification?.body ?? '{}')).toEqual({
      id: expect.stringMatching(/^evt_[a-f0-9]{24}$/),
      type: 'paiement.accepte',
      cree: expect.any(Number),
      transaction: { reference: payment.transactionReference, montant: 127_777, devise: 'EUR' },
    });
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('ACCEPTEE');
    for (const invoice of payment.invoices) expect((await invoiceRow(t, invoice.referenceNumber)).resteAPayerCentimes).toBe(0);
    expect(await paymentsOf(t, payment.transactionReference)).toHaveLength(2);
  });

  it('pays once when the page is submitted twice, at once or after going back, and says it was already done', async () => {
    const payment = await startPayment([2_000]);
    const [first, second] = await Promise.all([payWith(payment, ACCEPTED), payWith(payment, ACCEPTED)]);
    expectBackToPortal(first, payment);
    expectBackToPortal(second, payment);
    expectBackToPortal(await payWith(payment, ACCEPTED), payment);
    expect(sent).toHaveLength(1);
    expect(await paymentsOf(t, payment.transactionReference)).toHaveLength(1);
    const back = await openPage(payment.path);
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Paiement déjà traité');
    expect(back.body).toContain('Ce paiement a été accepté.');
  });

  it('refuses with the refused test card', async () => {
    const payment = await startPayment([2_100]);
    expectBackToPortal(await payWith(payment, REFUSED), payment);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ type: 'paiement.refuse' });
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('REFUSEE');
    expect((await invoiceRow(t, payment.invoices[0]?.referenceNumber ?? '')).resteAPayerCentimes).toBe(2_100);
  });

  it('asks for the 3-D Secure code, then accepts 123456', async () => {
    const payment = await startPayment([2_200]);
    const challenge = await payWith(payment, CHALLENGE);
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('<h1>Authentification 3-D Secure</h1>');
    expect(challenge.body).toContain('<label for="code">');
    expect(sent).toEqual([]);
    // Going back shows the code step again; an empty code is an error, not a refusal.
    expect((await openPage(payment.path)).body).toContain('Authentification 3-D Secure');
    const empty = await post(`${payment.path}/3ds`, { code: '' }, payment.ip);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('aria-invalid="true"');
    expectBackToPortal(await post(`${payment.path}/3ds`, { code: '123456' }, payment.ip), payment);
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('ACCEPTEE');
  });

  it('refuses the payment when the 3-D Secure code is wrong', async () => {
    const payment = await startPayment([2_300]);
    expect((await payWith(payment, CHALLENGE)).statusCode).toBe(200);
    expectBackToPortal(await post(`${payment.path}/3ds`, { code: '654321' }, payment.ip), payment);
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('REFUSEE');
    expectBackToPortal(await post(`${payment.path}/3ds`, { code: '123456' }, payment.ip), payment);
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('REFUSEE');
  });

  it('asks for the card again when no code was asked on the page', async () => {
    const payment = await startPayment([2_350]);
    const response = await post(`${payment.path}/3ds`, { code: '123456' }, payment.ip);
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('saisissez de nouveau votre carte');
    expect(sent).toEqual([]);
  });

  it('cancels and goes back when asked', async () => {
    const payment = await startPayment([2_400]);
    expectBackToPortal(await post(`${payment.path}/annuler`, {}, payment.ip), payment);
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('ANNULEE');
    expect((await openPage(payment.path)).body).toContain('Ce paiement a été annulé.');
  });

  it('stops a page that a newer payment of the same invoices replaced', async () => {
    const payment = await startPayment([2_450]);
    const again = await t.send('POST', '/api/paiement/lien', {
      token: manager,
      json: { idClientBscs: f.account, referenceNumbers: payment.invoices.map((invoice) => invoice.referenceNumber) },
    });
    expect(again.statusCode).toBe(200);
    expect((await openPage(payment.path)).body).toContain('Ce paiement a été annulé.');
    expectBackToPortal(await payWith(payment, ACCEPTED), payment);
    expect(sent).toEqual([]);
    expect(await paymentsOf(t, payment.transactionReference)).toEqual([]);
  });

  it('refuses a card, with a page saying why, for a payment the portal gave up through another instance', async () => {
    const payment = await startPayment([2_470]);
    // Behind a load balancer, the newer payment goes to an instance that never served this page.
    const other = await t.anotherInstance(PAYMENT_ENV);
    const again = await other.inject({
      method: 'POST',
      url: '/api/paiement/lien',
      remoteAddress: nextAddress(),
      cookies: { 'XSRF-TOKEN': 'test-xsrf-token-value' },
      headers: { 'x-xsrf-token': 'test-xsrf-token-value', authorization: `Bearer ${manager}` },
      payload: { idClientBscs: f.account, referenceNumbers: payment.invoices.map((invoice) => invoice.referenceNumber) },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('ANNULEE');
    const opened = await openPage(payment.path);
    if (TEST_DATABASE_URL) {
      // On PostgreSQL the instances share the pages' state (decision 066): this one knows the page was stopped.
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain('Ce paiement a été annulé.');
      expectBackToPortal(await payWith(payment, ACCEPTED), payment);
    } else {
      // One process serves PGlite, the other instance here is in it: this one finds the portal no longer waits.
      expect(opened.statusCode).toBe(409);
      expect(opened.body).toContain('Paiement plus attendu');
      const refused = await payWith(payment, ACCEPTED);
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('Ce paiement n’est plus attendu : il a déjà été réglé, ou un paiement plus récent l’a remplacé. Votre carte n’a pas été débitée.');
      expect(refused.body).toContain(`href="${returnUrl(payment)}"`);
    }
    expect(sent).toEqual([]);
    expect(await paymentsOf(t, payment.transactionReference)).toEqual([]);
  });
});

describe('the card form', () => {
  it('says what is wrong field by field, tied to each field, and never writes the security code back', async () => {
    const payment = await startPayment([2_500]);
    const response = await post(payment.path, { numero: '4111 1111 1111 1112', expiration: '13/40', cryptogramme: '98' }, payment.ip);
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toMatch(/<title>Erreur : Paiement par carte/);
    expect(html).toContain('role="alert"');
    for (const id of ['numero', 'expiration', 'cryptogramme']) {
      expect(html).toContain(`<a href="#${id}">`);
      expect(html).toContain(`aria-describedby="${id}-aide ${id}-erreur"`);
      expect(html).toContain(`id="${id}-erreur"`);
    }
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(3);
    expect(html).not.toContain('value="98"');
    expect(sent).toEqual([]);
  });

  it('refuses an expired card, an empty form and a card that is not a test card', async () => {
    const payment = await startPayment([2_600]);
    const expired = await post(payment.path, { numero: ACCEPTED, expiration: '01/20', cryptogramme: '123' }, payment.ip);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('Cette carte a expiré');
    const empty = await post(payment.path, {}, payment.ip);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Saisissez le numéro de la carte.');
    const other = await post(payment.path, { numero: '5555 5555 5555 4444', expiration: validExpiry(), cryptogramme: '123' }, payment.ip);
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('n’est pas une carte de test');
    expect(sent).toEqual([]);
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('EN_ATTENTE');
  });

  it('refuses the payment after too many cards typed on one page', async () => {
    const payment = await startPayment([2_700]);
    for (let i = 0; i < CARD_ATTEMPTS.perSession; i++) expect((await payWith(payment, '5555 5555 5555 4444')).statusCode).toBe(400);
    expectBackToPortal(await payWith(payment, ACCEPTED), payment);
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('REFUSEE');
  });

  it('makes an address that types too many cards wait', async () => {
    // Pages of another customer's payments, so that the bakery manager's hourly number of payments is not what stops.
    const mandataire = await t.loginAs('mandataire');
    const account = bodyOf(await t.get('/api/comptes_facturation', mandataire), billingAccountListSchema).find((candidate) => candidate.isGestionnaire);
    if (!account) throw new Error('the demo mandataire manages no account');
    const pages: string[] = [];
    for (let i = 0; i < 6; i++) {
      const invoice = await insertInvoice(t, account.idClientBscs, { montantTtcCentimes: 2_800 + i });
      const response = await t.send('POST', '/api/paiement/lien', {
        token: mandataire,
        json: { idClientBscs: account.idClientBscs, referenceNumbers: [invoice.referenceNumber] },
      });
      pages.push(new URL(bodyOf(response, paymentLinkSchema).url).pathname);
    }
    const ip = nextAddress();
    const form = { numero: '5555 5555 5555 4444', expiration: validExpiry(), cryptogramme: '123' };
    // Fewer tries per page than a page allows: only the address's count can stop them.
    for (let i = 0; i < CARD_ATTEMPTS.perAddress.max; i++) expect((await post(pages[Math.floor(i / 4)] ?? '', form, ip)).statusCode).toBe(400);
    const limited = await post(pages[5] ?? '', form, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Trop de tentatives');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await post(pages[5] ?? '', form)).statusCode).toBe(400);
  });
});

describe('what is logged', () => {
  let logged: string[];
  let app: FastifyInstance;
  beforeAll(async () => {
    logged = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', PUBLIC_URL, WEB_DIST: '/nonexistent', ...PAYMENT_ENV });
    app = await buildApp({ config, db: t.db, clock: t.clock, logStream: { write: (line) => logged.push(line) } });
  });
  afterAll(() => app.close());

  it('holds no card number, expiry or security code, nor the page’s token', async () => {
    sent = routeSandboxToApp(app, PUBLIC_URL);
    const payment = await startPayment([2_900]);
    const token = payment.path.split('/').pop() ?? '';
    const submit = (numero: string) =>
      app.inject({
        method: 'POST',
        url: payment.path,
        remoteAddress: payment.ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ numero, expiration: validExpiry(), cryptogramme: '737' }).toString(),
      });
    expect((await submit('4111 1111 1111 1112')).statusCode).toBe(400);
    expect((await submit(ACCEPTED)).statusCode).toBe(303);
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('ACCEPTEE');
    const text = logged.join('\n');
    expect(text).toContain('payment notification applied');
    for (const secret of ['4111 1111', '4111+1111', '411111111111', '1111 1112', 'cryptogramme', validExpiry(), token, PAYMENT_SECRET]) {
      expect(text).not.toContain(secret);
    }
  });
});
