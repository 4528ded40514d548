import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderValidationSchema, paymentLinkSchema, paymentNotificationAnswerSchema, paymentTransactionSchema, submittedOrderSchema, type SubmitOrderRequest } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { auditLog, contracts, invoices, orderEvents, orders, paymentTransactions, rateLimitCounters, subscriptionLines, subscriptions } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { releasedTogether } from '../../test/concurrent.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, openApiDocumentSchema, useTestContext } from '../../test/harness.ts';
import { eventBody, newEventId, PAYMENT_ENV, postNotification, routeSandboxToApp, transactionRow, type EventFields } from '../../test/support/payment.ts';
import { createAddLineRepository } from './add-line.repository.ts';
import { cartOf, expectCode, insertTestCatalogue, saveAddress, saveLine, TEST_CATALOGUE } from '../../test/support/add-line.ts';

const { t, f } = useTestContext(
  async (t) => {
    const demo = await demoFixture(t);
    await insertTestCatalogue(t, parisDay(t.clock.now()));
    // Every demo invoice settled: the unpaid check passes.
    await t.db.update(invoices).set({ resteAPayerCentimes: 0 });
    return demo;
  },
  { env: PAYMENT_ENV },
);

const { phone } = TEST_CATALOGUE;

function orderOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, submittedOrderSchema);
}

/** A fresh cart of one line with the test phone (199,00 € HT, 238,80 € TTC), recaps opened, sent for a card payment. */
async function cardOrder(payment: SubmitOrderRequest['ModePaiement'] = 3) {
  // The hourly quota of payment links counted afresh: each test asks for a few.
  await t.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'quota:payment-link:%'));
  await createAddLineRepository(t.db).deleteCarts(f.account);
  const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdOffreEngagement: 103, IdArticleMobile: phone.idArticle, Couleur: 'Noir' }));
  const idSouscription = cart.IdSouscription ?? 0;
  for (const document of ['information-precontractuelle', 'recapitulatif-contractuel']) {
    expect((await t.get(`/api/ajout-lignes/recapitulatif/${idSouscription}/${document}`, f.manager)).statusCode).toBe(200);
  }
  cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'ADRESSE_COMPTE' }));
  const json: SubmitOrderRequest = { IdSouscription: idSouscription, ModePaiement: payment };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/commande/enregistrer',
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${f.manager}`, 'idempotency-key': randomBytes(12).toString('hex') },
    payload: json,
  });
  return orderOf(response);
}

const askLink = (numero: string, token = f.manager, extra: Record<string, unknown> = {}) =>
  t.send('POST', '/api/paiement/lien-commande', { token, json: { numero, ...extra } });

async function linkOf(numero: string) {
  const response = await askLink(numero);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, paymentLinkSchema);
}

const notify = (fields: EventFields) => postNotification(t.app, eventBody(fields, t.clock.now()), { now: t.clock.now() });

function resultOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, paymentNotificationAnswerSchema).resultat;
}

async function storedOrder(numero: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.numero, numero));
  if (!row) throw new Error(`no order ${numero}`);
  return row;
}

async function cartRow(idSouscription: number) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.idSouscription, idSouscription));
  return row;
}

/** The contracts made for the cart's lines. */
async function linesMade(idSouscription: number) {
  const rows = await t.db.select({ idContrats: subscriptionLines.idContrats }).from(subscriptionLines).where(eq(subscriptionLines.idSouscription, idSouscription));
  const ids = rows.flatMap((row) => row.idContrats);
  return ids.length === 0 ? [] : t.db.select().from(contracts).where(inArray(contracts.idContrat, ids));
}

const timeline = async (orderId: number) =>
  (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))).map((row) => [row.statut, row.etape]);

const mailsAbout = async (numero: string) => (await t.outbox()).filter((mail) => mail.subject.includes(numero));

const toTransfer = (numero: string, token = f.manager) => t.send('POST', '/api/commande/modifiermodepaiement', { token, json: { numero, ModePaiement: 6 } });

describe('POST /api/paiement/lien-commande: the card payment of an order of new lines', () => {
  it('asks for what the stored order has due, whatever the browser sends, and tells the return page the order', async () => {
    const order = await cardOrder();
    expect(order).toMatchObject({ statut: 3, etape: 5, aPayerCentimes: 23_880 });
    const link = await linkOf(order.numero);
    expect(link.url).toMatch(/\/sandbox-paiement\//);
    const stored = await transactionRow(t, link.transactionReference);
    expect(stored).toMatchObject({ idClientBscs: f.account, montantCentimes: 23_880, referenceNumbers: [], statut: 'EN_ATTENTE' });
    expect((await storedOrder(order.numero)).referenceTransaction).toBe(link.transactionReference);
    const read = bodyOf(await t.get(`/api/paiement/transaction/${link.transactionReference}`, f.manager), paymentTransactionSchema);
    expect(read).toEqual({ statut: 'EN_ATTENTE', montant: 238.8, referenceNumbers: [], numeroCommande: order.numero });

    // An amount sent by the browser is not read; a deposit the risk asked for is what is due.
    await t.db.update(orders).set({ acompteCentimes: 7_164 }).where(eq(orders.numero, order.numero));
    const deposit = bodyOf(await askLink(order.numero, f.manager, { montant: 1, montantCentimes: 1 }), paymentLinkSchema);
    expect((await transactionRow(t, deposit.transactionReference)).montantCentimes).toBe(7_164);
    // The previous payment still waiting is given up: the newest page pays.
    expect((await transactionRow(t, link.transactionReference)).statut).toBe('ANNULEE');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'DEMANDE_PAIEMENT_CARTE'), eq(auditLog.idClientBscs, f.account)))
      .orderBy(asc(auditLog.id))
      .then((rows) => rows.slice(-1));
    expect(entry?.details).toMatchObject({ numero: order.numero, montantCentimes: 7_164 });
  });

  it('is refused for another customer, an unknown or malformed number, and an order that does not wait for a card payment', async () => {
    const order = await cardOrder();
    for (const token of [f.stranger, f.lineUser, f.mandataire]) expectError(await askLink(order.numero, token), 403, 'PAYMENT_ORDER_FORBIDDEN');
    expectError(await askLink('CMD-2020-999999'), 403, 'PAYMENT_ORDER_FORBIDDEN');
    for (const numero of ['%00', 'CMD-1', `CMD-2026-${'9'.repeat(40)}`, '']) expect((await askLink(numero)).statusCode).toBe(400);

    const link = await linkOf(order.numero);
    expectError(await t.get(`/api/paiement/transaction/${link.transactionReference}`, f.stranger), 403, 'PAYMENT_TRANSACTION_FORBIDDEN');
    expectError(await toTransfer(order.numero, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await toTransfer('CMD-2020-999999'), 403, 'FORBIDDEN_ACCOUNT');
    const toCard = await t.send('POST', '/api/commande/modifiermodepaiement', { token: f.manager, json: { numero: order.numero, ModePaiement: 3 } });
    expect(toCard.statusCode).toBe(400);
    expect((await t.send('POST', '/api/commande/modifiermodepaiement', { token: f.manager, json: { numero: '%00', ModePaiement: 6 } })).statusCode).toBe(400);
    expect((await storedOrder(order.numero)).modePaiement).toBe(3);

    const byTransfer = await cardOrder(6);
    expectCode(await askLink(byTransfer.numero), 409, 'PAYMENT_ORDER_NOT_PAYABLE');
  });

  it('is documented in the OpenAPI reference, with the change to a transfer', async () => {
    const { paths } = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/paiement/lien-commande', '/api/commande/modifiermodepaiement', '/api/commande/validee', '/api/paiement/transaction/{transactionReference}']),
    );
    expect(Object.keys(paths)).not.toContain('/api/ajout-lignes/modifiermodepaiement');
    expect((await t.send('POST', '/api/ajout-lignes/modifiermodepaiement', { token: f.manager, json: { numero: 'CMD-2020-000001', ModePaiement: 6 } })).statusCode).toBe(404);
  });
});

describe('POST /api/commande/validee: where an order stands', () => {
  const validation = (numero: string, token = f.manager) => t.send('POST', '/api/commande/validee', { token, json: { numero } });
  const stateOf = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return bodyOf(response, orderValidationSchema);
  };

  it('waiting for the card, refused, then validated by the provider’s signed notification only', async () => {
    const order = await cardOrder();
    expect(stateOf(await validation(order.numero))).toEqual({
      numero: order.numero,
      statut: 3,
      etape: 5,
      modePaiement: 3,
      validee: false,
      paiementRefuse: false,
      payableParCarte: true,
      aPayerCentimes: 23_880,
    });
    const first = await linkOf(order.numero);
    expect(resultOf(await notify({ type: 'paiement.refuse', reference: first.transactionReference, montant: 23_880 }))).toBe('APPLIQUEE');
    expect(stateOf(await validation(order.numero))).toMatchObject({ statut: 13, validee: false, paiementRefuse: true, payableParCarte: true });
    // A read: asking changes nothing.
    expect(await storedOrder(order.numero)).toMatchObject({ statut: 13 });
    const second = await linkOf(order.numero);
    expect(resultOf(await notify({ reference: second.transactionReference, montant: 23_880 }))).toBe('APPLIQUEE');
    expect(stateOf(await validation(order.numero))).toMatchObject({ statut: 12, etape: 9, validee: true, paiementRefuse: false, payableParCarte: false });
  });

  it('a transfer order is validated at once; a refused card payment switched to transfer too', async () => {
    expect(stateOf(await validation((await cardOrder(6)).numero))).toMatchObject({ modePaiement: 6, validee: true, payableParCarte: false });
    const order = await cardOrder();
    const link = await linkOf(order.numero);
    expect(resultOf(await notify({ type: 'paiement.refuse', reference: link.transactionReference, montant: 23_880 }))).toBe('APPLIQUEE');
    expect((await toTransfer(order.numero)).statusCode).toBe(200);
    expect(stateOf(await validation(order.numero))).toMatchObject({ modePaiement: 6, statut: 5, validee: true, paiementRefuse: false, payableParCarte: false });
  });

  it('answers the managers of the order’s account only, and refuses malformed numbers', async () => {
    const order = await cardOrder();
    for (const token of [f.stranger, f.lineUser]) expectError(await validation(order.numero, token), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await validation('CMD-2020-999999'), 403, 'FORBIDDEN_ACCOUNT');
    for (const numero of ['%00', 'CMD-2026-00000\u0000', `CMD-2026-${'9'.repeat(5_000)}`, '', 'CMD-1']) expect((await validation(numero)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/commande/validee', { token: f.manager, json: {} })).statusCode).toBe(400);
    expectError(await t.send('POST', '/api/commande/validee', { json: { numero: order.numero } }), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/paiement/notification: an order’s payment', () => {
  it('accepted: the order paid and confirmed, its lines created EN_COURS once, the subscription validated, one e-mail', async () => {
    const order = await cardOrder();
    const link = await linkOf(order.numero);
    const body = eventBody({ reference: link.transactionReference, montant: 23_880 }, t.clock.now());
    expect(resultOf(await postNotification(t.app, body, { now: t.clock.now() }))).toBe('APPLIQUEE');

    const stored = await storedOrder(order.numero);
    expect(stored).toMatchObject({ statut: 12, etape: 9 });
    expect(stored.valideeLe).not.toBeNull();
    expect(await timeline(stored.id)).toEqual([
      [3, 5],
      [12, 6],
      [12, 9],
    ]);
    const made = await linesMade(order.idSouscription);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ codeStatut: 'EN_COURS', idClientBscs: f.account, idOffreEngagement: 103 });
    expect(await cartRow(order.idSouscription)).toMatchObject({ statut: 1, etape: 9 });
    const mails = await mailsAbout(order.numero);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.recipient).toBe(DEMO_USERS.gestionnaire.email);
    expect(mails[0]?.textBody).toContain(order.numero);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'PAIEMENT_CARTE'), eq(auditLog.idClientBscs, f.account))).orderBy(asc(auditLog.id)).then((rows) => rows.slice(-1));
    expect(entry?.details).toMatchObject({ numero: order.numero, montantCentimes: 23_880 });
    const read = bodyOf(await t.get(`/api/paiement/transaction/${link.transactionReference}`, f.manager), paymentTransactionSchema);
    expect(read).toMatchObject({ statut: 'ACCEPTEE', numeroCommande: order.numero });

    // Replayed, sent again under another id, or refused afterwards: nothing twice.
    expect(resultOf(await postNotification(t.app, body, { now: t.clock.now() }))).toBe('REJOUEE');
    expect(resultOf(await notify({ reference: link.transactionReference, montant: 23_880 }))).toBe('DEJA_REGLEE');
    expect(resultOf(await notify({ type: 'paiement.refuse', reference: link.transactionReference, montant: 23_880 }))).toBe('DEJA_REGLEE');
    expect(await linesMade(order.idSouscription)).toHaveLength(1);
    expect(await mailsAbout(order.numero)).toHaveLength(1);
    expect((await storedOrder(order.numero)).statut).toBe(12);
    // Paid: no other payment, no transfer.
    expectCode(await askLink(order.numero), 409, 'PAYMENT_ORDER_NOT_PAYABLE');
    expectCode(await toTransfer(order.numero), 409, 'ADD_LINE_ORDER_NOT_CARD');
  });

  it('refused: no line, the order waits for another card payment, which may be accepted', async () => {
    const order = await cardOrder();
    const first = await linkOf(order.numero);
    expect(resultOf(await notify({ type: 'paiement.refuse', reference: first.transactionReference, montant: 23_880 }))).toBe('APPLIQUEE');
    const refused = await storedOrder(order.numero);
    expect(refused).toMatchObject({ statut: 13, etape: 7 });
    expect(await linesMade(order.idSouscription)).toEqual([]);
    expect(await cartRow(order.idSouscription)).toMatchObject({ statut: 4, etape: 7 });
    expect(await mailsAbout(order.numero)).toEqual([]);

    const second = await linkOf(order.numero);
    expect(await storedOrder(order.numero)).toMatchObject({ statut: 3, etape: 5, referenceTransaction: second.transactionReference });
    expect((await transactionRow(t, first.transactionReference)).statut).toBe('REFUSEE');
    expect(resultOf(await notify({ reference: second.transactionReference, montant: 23_880 }))).toBe('APPLIQUEE');
    expect(await storedOrder(order.numero)).toMatchObject({ statut: 12, etape: 9 });
    expect(await timeline(refused.id)).toEqual([
      [3, 5],
      [13, 7],
      [3, 5],
      [12, 6],
      [12, 9],
    ]);
    expect(await linesMade(order.idSouscription)).toHaveLength(1);
  });

  it('refused, then paid by transfer: the lines, the instructions and the e-mail of a transfer; a late card acceptance changes nothing', async () => {
    const order = await cardOrder();
    const first = await linkOf(order.numero);
    expect(resultOf(await notify({ type: 'paiement.refuse', reference: first.transactionReference, montant: 23_880 }))).toBe('APPLIQUEE');
    const second = await linkOf(order.numero);

    const switched = orderOf(await toTransfer(order.numero));
    expect(switched).toMatchObject({ numero: order.numero, statut: 5, etape: 9, modePaiement: 6, aPayerCentimes: 23_880 });
    expect(switched.virement).toMatchObject({ reference: `VIR-${order.numero}`, montantCentimes: 23_880 });
    expect(switched.idContrats).toHaveLength(1);
    // The card payment still waiting was given up: its acceptance now is not applied.
    expect((await transactionRow(t, second.transactionReference)).statut).toBe('ANNULEE');
    expect(resultOf(await notify({ reference: second.transactionReference, montant: 23_880 }))).toBe('DEJA_REGLEE');
    // Asked again: the same order, nothing more.
    expect(orderOf(await toTransfer(order.numero))).toEqual(switched);
    expect(await linesMade(order.idSouscription)).toHaveLength(1);
    expect(await mailsAbout(order.numero)).toHaveLength(1);
    expect(await cartRow(order.idSouscription)).toMatchObject({ statut: 4, etape: 9 });
    expectCode(await askLink(order.numero), 409, 'PAYMENT_ORDER_NOT_PAYABLE');
  });

  it('forged, stale or for another amount: refused, the order untouched', async () => {
    const order = await cardOrder();
    const link = await linkOf(order.numero);
    const body = eventBody({ reference: link.transactionReference, montant: 23_880 }, t.clock.now());
    expectError(await postNotification(t.app, body, { now: t.clock.now(), secret: 'another-secret-of-at-least-32-characters!' }), 401, 'PAYMENT_NOTIFICATION_SIGNATURE');
    expectError(await postNotification(t.app, body, { now: t.clock.now(), signedAt: new Date(t.clock.now().getTime() - 6 * 60_000) }), 400, 'PAYMENT_NOTIFICATION_STALE');
    expectError(await notify({ reference: link.transactionReference, montant: 1 }), 400, 'PAYMENT_NOTIFICATION_UNREADABLE');
    expect(await storedOrder(order.numero)).toMatchObject({ statut: 3, etape: 5 });
    expect((await transactionRow(t, link.transactionReference)).statut).toBe('EN_ATTENTE');
    expect(await linesMade(order.idSouscription)).toEqual([]);
    expect(await mailsAbout(order.numero)).toEqual([]);
  });

  it('racing: the same acceptance sent at once applies once; different decisions at once, one wins', async () => {
    const order = await cardOrder();
    const link = await linkOf(order.numero);
    const body = eventBody({ id: newEventId(), reference: link.transactionReference, montant: 23_880 }, t.clock.now());
    const answers = await Promise.all(Array.from({ length: 5 }, () => postNotification(t.app, body, { now: t.clock.now() })));
    const results = answers.map(resultOf);
    expect(results.filter((result) => result === 'APPLIQUEE')).toHaveLength(1);
    expect(results.filter((result) => result === 'REJOUEE')).toHaveLength(4);
    expect(await linesMade(order.idSouscription)).toHaveLength(1);
    expect(await mailsAbout(order.numero)).toHaveLength(1);

    const other = await cardOrder();
    const otherLink = await linkOf(other.numero);
    const types = ['paiement.accepte', 'paiement.refuse', 'paiement.accepte', 'paiement.annule'] as const;
    const decisions = (await Promise.all(types.map((type) => notify({ type, reference: otherLink.transactionReference, montant: 23_880 })))).map(resultOf);
    expect(decisions.filter((result) => result === 'APPLIQUEE')).toHaveLength(1);
    const { statut } = await transactionRow(t, otherLink.transactionReference);
    const stored = await storedOrder(other.numero);
    if (statut === 'ACCEPTEE') {
      expect(stored).toMatchObject({ statut: 12, etape: 9 });
      expect(await linesMade(other.idSouscription)).toHaveLength(1);
    } else {
      expect(stored).toMatchObject({ statut: 13, etape: 7 });
      expect(await linesMade(other.idSouscription)).toEqual([]);
    }
  });

  it('racing: payment links asked at once leave one payment waiting, the order’s', async () => {
    const order = await cardOrder();
    const links = await Promise.all([askLink(order.numero), askLink(order.numero), askLink(order.numero)]);
    const references = links.map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return bodyOf(response, paymentLinkSchema).transactionReference;
    });
    const rows = await t.db.select().from(paymentTransactions).where(inArray(paymentTransactions.transactionReference, references));
    const waiting = rows.filter((row) => row.statut === 'EN_ATTENTE');
    expect(waiting).toHaveLength(1);
    expect((await storedOrder(order.numero)).referenceTransaction).toBe(waiting[0]?.transactionReference);
  });
});

describe('through the sandbox’s hosted page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a test card accepted: back to the portal’s return page, which names the order, paid and confirmed', async () => {
    const publicUrl = 'https://espace-client.test';
    const sent = routeSandboxToApp(t.app, publicUrl);
    const order = await cardOrder();
    const link = await linkOf(order.numero);
    const path = new URL(link.url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path, remoteAddress: '198.18.50.1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(238.8));
    const expiration = `12/${String(t.clock.now().getUTCFullYear() + 2).slice(2)}`;
    const paid = await t.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: '198.18.50.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ numero: '4111 1111 1111 1111', expiration, cryptogramme: '123' }).toString(),
    });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(`${publicUrl}/ecare/mon-compte/paiement/retour?transactionReference=${link.transactionReference}`);
    expect(sent.map((notification) => notification.status)).toEqual([200]);
    expect(await storedOrder(order.numero)).toMatchObject({ statut: 12, etape: 9 });
    expect(await linesMade(order.idSouscription)).toHaveLength(1);
    const read = bodyOf(await t.get(`/api/paiement/transaction/${link.transactionReference}`, f.manager), paymentTransactionSchema);
    expect(read).toEqual({ statut: 'ACCEPTEE', montant: 238.8, referenceNumbers: [], numeroCommande: order.numero });
  });

  it('three "link then pay" at once: the card holders are charged what the order applies, once', async () => {
    const sent = routeSandboxToApp(t.app, 'https://espace-client.test');
    const order = await cardOrder();
    const expiration = `12/${String(t.clock.now().getUTCFullYear() + 2).slice(2)}`;
    const flows = await releasedTogether(3, async (index) => {
      const link = await askLink(order.numero);
      if (link.statusCode !== 200) return { link };
      const paid = await t.app.inject({
        method: 'POST',
        url: new URL(bodyOf(link, paymentLinkSchema).url).pathname,
        remoteAddress: `198.18.51.${index + 1}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ numero: '4111 1111 1111 1111', expiration, cryptogramme: '123' }).toString(),
      });
      return { link, paid };
    });
    for (const { link, paid } of flows) {
      // A link refused: another flow's card was being confirmed, or had paid the order.
      if (!paid) expect(['PAYMENT_IN_PROGRESS', 'PAYMENT_ORDER_NOT_PAYABLE']).toContain((link.json() as { code?: string }).code);
      // A page given up for a newer one sends the browser back, or says it is no longer waited for.
      else if (paid.statusCode !== 303) expect(paid.statusCode, paid.body).toBe(409);
    }
    const charged = sent.filter((notification) => (JSON.parse(notification.body) as { type: string }).type === 'paiement.accepte');
    expect(charged).toHaveLength(1);
    expect(await storedOrder(order.numero)).toMatchObject({ statut: 12, etape: 9 });
    expect(await linesMade(order.idSouscription)).toHaveLength(1);
  });
});
