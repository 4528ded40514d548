import { randomBytes } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  errorMessage,
  newPhoneEligibilitySchema,
  newPhoneOfferListSchema,
  newPhoneOrderSchema,
  orderDetailSchema,
  orderPageSchema,
  paymentLinkSchema,
  paymentNotificationAnswerSchema,
  paymentTransactionSchema,
  type ApiErrorCode,
  type NewPhoneOrderRequest,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { auditLog, catalogPhones, contracts, invoices, orderAddresses, orderEvents, orders, rateLimitCounters, terminations } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture, userIdOf } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, openApiDocumentSchema, useTestContext } from '../../test/harness.ts';
import { dayFrom, eventBody, insertInvoice, PAYMENT_ENV, postNotification, transactionRow } from '../../test/support/payment.ts';

/** Phones of these tests, at the end of the phones' id range so that they never meet the reference catalogue's. */
const PHONE = { idArticle: 1980, marque: 'Test', modele: 'Renouveau', description: 'Téléphone de test', couleurs: ['Noir', 'Bleu'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 69_999, prixAvecForfaitCentimes: 19_999, stock: 50, image: 'test.webp' };
const SOLD_OUT = { ...PHONE, idArticle: 1981, modele: 'Épuisé', stock: 0 };
const RETIRED = { ...PHONE, idArticle: 1982, modele: 'Retiré', commercialise: false };

const { t, f } = useTestContext(
  async (t) => {
    const demo = await demoFixture(t);
    for (const row of [PHONE, SOLD_OUT, RETIRED]) await t.db.insert(catalogPhones).values(row).onConflictDoUpdate({ target: catalogPhones.idArticle, set: row });
    // Every demo invoice settled: the unpaid-balance test makes one overdue itself.
    await t.db.update(invoices).set({ resteAPayerCentimes: 0 });
    return demo;
  },
  { env: PAYMENT_ENV },
);

const today = () => parisDay(t.clock.now());

/** The line active, its commitment ending on `end` (none when null). */
async function setLine(idContrat: number, end: string | null, codeStatut: 'ACTIF' | 'SUSPENDU' = 'ACTIF'): Promise<void> {
  await t.db.update(contracts).set({ dateFinEngagement: end, codeStatut }).where(eq(contracts.idContrat, idContrat));
}

const newKey = () => randomBytes(12).toString('hex');

const base: NewPhoneOrderRequest = { IdArticleMobile: PHONE.idArticle, Couleur: 'Bleu', ModePaiement: 6, Livraison: { mode: 'ADRESSE_COMPTE' } };

function submit(idContrat: number | string, body: unknown = base, options: { token?: string; key?: string | null } = {}) {
  const key = options.key === undefined ? newKey() : options.key;
  return t.app.inject({
    method: 'POST',
    url: `/api/nouveau-telephone/${idContrat}/commande`,
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${options.token ?? f.manager}`, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body as object,
  });
}

function orderOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, newPhoneOrderSchema);
}

const eligibility = async (idContrat: number, token = f.manager) => bodyOf(await t.get(`/api/nouveau-telephone/${idContrat}/eligibilite`, token), newPhoneEligibilitySchema);

function expectCode(response: LightMyRequestResponse, status: number, code: ApiErrorCode): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response).code).toBe(code);
}

async function storedOrder(numero: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.numero, numero));
  if (!row) throw new Error(`no order ${numero}`);
  return row;
}

const ordersOfLine = (idContrat: number) => t.db.select().from(orders).where(eq(orders.idContrat, idContrat));

const timeline = async (orderId: number) =>
  (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))).map((row) => [row.statut, row.etape]);

const mailsAbout = async (numero: string) => (await t.outbox()).filter((mail) => mail.subject.includes(numero));

describe('GET /api/nouveau-telephone/{idContrat}/eligibilite', () => {
  it('gives the line, its commitment end and the price it pays: renewal within three months of the end, without commitment or after it; the phone alone before', async () => {
    const line = f.colleague(0);
    const far = addMonths(today(), 8);
    await setLine(line.idContrat, far);
    const before = await eligibility(line.idContrat);
    expect(before).toMatchObject({
      ligne: { idContrat: line.idContrat, idClientBscs: f.account, numeroLigne: line.numeroLigne, dateFinEngagement: far },
      eligible: true,
      motif: null,
      message: '',
      tarif: 'MOBILE_SEUL',
      dateRenouvellement: addMonths(far, -3),
      commandeEnCours: null,
    });
    await setLine(line.idContrat, addMonths(today(), 3));
    expect((await eligibility(line.idContrat)).tarif).toBe('RENOUVELLEMENT');
    await setLine(line.idContrat, dayFrom(t, -10));
    expect((await eligibility(line.idContrat)).tarif).toBe('RENOUVELLEMENT');
    await setLine(line.idContrat, null);
    expect(await eligibility(line.idContrat)).toMatchObject({ tarif: 'RENOUVELLEMENT', dateRenouvellement: null });
  });

  it('says why a line may not order: its user is not a manager, a suspended line, a termination scheduled', async () => {
    expect(await eligibility(f.own.idContrat, f.lineUser)).toMatchObject({ eligible: false, motif: 'GESTIONNAIRE_SEUL', message: errorMessage('NEW_PHONE_MANAGER_ONLY') });
    expect(await eligibility(f.suspended.idContrat)).toMatchObject({ eligible: false, motif: 'LIGNE_INACTIVE' });
    const line = f.colleague(1);
    await setLine(line.idContrat, null);
    await t.db.insert(terminations).values({
      idContrat: line.idContrat,
      idClientBscs: f.account,
      idMotif: 1,
      dateEffet: dayFrom(t, 20),
      statut: 'PROGRAMMEE',
      fraisHtCentimes: 0,
      fraisTvaCentimes: 0,
      detailFrais: [],
      demandePar: await userIdOf(t, DEMO_USERS.gestionnaire.email),
      idempotencyKey: newKey(),
      createdAt: t.clock.now(),
    });
    expect(await eligibility(line.idContrat)).toMatchObject({ eligible: false, motif: 'RESILIATION_PROGRAMMEE' });
    expectCode(await submit(line.idContrat), 409, 'NEW_PHONE_TERMINATION_SCHEDULED');
    expectCode(await submit(f.suspended.idContrat), 409, 'NEW_PHONE_LINE_INACTIVE');
    await t.db.delete(terminations).where(eq(terminations.idContrat, line.idContrat));
  });
});

describe('GET /api/nouveau-telephone/{idContrat}/mobiles', () => {
  it('prices each phone for the line to the cent: the renewal price (with a plan) or the phone alone, HT, VAT and TTC', async () => {
    const line = f.colleague(2);
    await setLine(line.idContrat, null);
    const renewal = bodyOf(await t.get(`/api/nouveau-telephone/${line.idContrat}/mobiles`, f.manager), newPhoneOfferListSchema);
    expect(renewal.tarif).toBe('RENOUVELLEMENT');
    const phone = renewal.mobiles.find((row) => row.idArticle === PHONE.idArticle);
    // 199,99 € HT; VAT 39,998 rounded half away from zero: 40,00 €; 239,99 € TTC.
    expect(phone).toMatchObject({ image: '/catalogue/test.webp', disponible: true, prix: { htCentimes: 19_999, tvaCentimes: 4_000, ttcCentimes: 23_999 }, prixNu: { htCentimes: 69_999, tvaCentimes: 14_000, ttcCentimes: 83_999 } });
    expect(renewal.mobiles.find((row) => row.idArticle === SOLD_OUT.idArticle)?.disponible).toBe(false);
    expect(renewal.mobiles.some((row) => row.idArticle === RETIRED.idArticle)).toBe(false);

    await setLine(line.idContrat, addMonths(today(), 12));
    const alone = bodyOf(await t.get(`/api/nouveau-telephone/${line.idContrat}/mobiles`, f.manager), newPhoneOfferListSchema);
    expect(alone.tarif).toBe('MOBILE_SEUL');
    expect(alone.mobiles.find((row) => row.idArticle === PHONE.idArticle)?.prix).toEqual({ htCentimes: 69_999, tvaCentimes: 14_000, ttcCentimes: 83_999 });
  });
});

describe('POST /api/nouveau-telephone/{idContrat}/commande', () => {
  it('by transfer: an RM order of the line at the catalogue’s price, its timeline, delivery address, audit entry, and the instructions answered and e-mailed', async () => {
    const line = f.colleague(3);
    await setLine(line.idContrat, null);
    // A price sent by the browser is not read.
    const order = orderOf(await submit(line.idContrat, { ...base, prixHtCentimes: 1, Prix: 1 }));
    expect(order).toMatchObject({
      idContrat: line.idContrat,
      statut: 5,
      etape: 9,
      modePaiement: 6,
      tarif: 'RENOUVELLEMENT',
      mobile: { idArticle: PHONE.idArticle, libelle: 'Test Renouveau 256 Go', couleur: 'Bleu' },
      total: { htCentimes: 19_999, tvaCentimes: 4_000, ttcCentimes: 23_999 },
      aPayerCentimes: 23_999,
    });
    expect(order.virement).toMatchObject({ reference: `VIR-${order.numero}`, montantCentimes: 23_999, iban: expect.any(String) });
    const stored = await storedOrder(order.numero);
    expect(stored).toMatchObject({ type: 4, idContrat: line.idContrat, idClientBscs: f.account, totalUniqueHtCentimes: 19_999, tvaUniqueCentimes: 4_000, totalMensuelHtCentimes: 0, referenceVirement: `VIR-${order.numero}` });
    expect(stored.recapitulatif).toMatchObject({ lignes: [{ libelle: 'Nouveau téléphone Test Renouveau 256 Go', quantite: 1, prixUniqueHtCentimes: 19_999, prixMensuelHtCentimes: 0 }] });
    expect(await timeline(stored.id)).toEqual([[5, 9]]);
    const [address] = await t.db.select().from(orderAddresses).where(eq(orderAddresses.orderId, stored.id));
    expect(address).toMatchObject({ type: 3 });
    const mails = await mailsAbout(order.numero);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.recipient).toBe(DEMO_USERS.gestionnaire.email);
    expect(mails[0]?.textBody).toContain(`VIR-${order.numero}`);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'COMMANDE_NOUVEAU_TELEPHONE'), eq(auditLog.idContrat, line.idContrat)));
    expect(entry?.details).toMatchObject({ numero: order.numero, idArticle: PHONE.idArticle, montantTtcCentimes: 23_999 });
    // The order is listed with the account's orders, with its type.
    const detail = await t.get(`/api/commandes/${f.account}/${order.numero}`, f.manager);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ numero: order.numero });
    // The line waits for the transfer: a second order is refused, with its number.
    const second = await submit(line.idContrat);
    expectCode(second, 409, 'NEW_PHONE_ORDER_PENDING');
    expect(errorOf(second).exceptionMessage).toContain(order.numero);
    expect(await eligibility(line.idContrat)).toMatchObject({ eligible: false, motif: 'COMMANDE_EN_COURS', commandeEnCours: order.numero });
    expect(await ordersOfLine(line.idContrat)).toHaveLength(1);
  });

  it('collected in a shop and paid by transfer: the mail names the shop where to collect it, the order reads recorded and awaiting the transfer', async () => {
    const line = f.colleague(2);
    await setLine(line.idContrat, null);
    const order = orderOf(await submit(line.idContrat, { ...base, Livraison: { mode: 'POINT_DE_VENTE', idPointDeVente: 12 } }));
    const [mail] = await mailsAbout(order.numero);
    expect(mail?.textBody).toContain('votre téléphone sera à retirer en boutique\u00a0: Boutique Dijon Liberté, 54 rue de la Liberté, 21000 Dijon');
    expect(mail?.textBody).not.toContain('envoyé');
    // Nothing is confirmed while the transfer is awaited: the order says so, in its summary and its timeline.
    const detail = bodyOf(await t.get(`/api/commandes/${f.account}/${order.numero}`, f.manager), orderDetailSchema);
    expect(detail).toMatchObject({ statut: 5, etape: 9, statutLibelle: 'Paiement par virement en attente', etapeLibelle: 'Commande enregistrée, en attente du virement', pointDeVente: 'Boutique Dijon Liberté, 54 rue de la Liberté, 21000 Dijon' });
    expect(detail.historique.map((event) => event.etapeLibelle)).toEqual(['Commande enregistrée, en attente du virement']);
    const listed = bodyOf(await t.get(`/api/commandes/${f.account}`, f.manager), orderPageSchema).commandes.find((row) => row.numero === order.numero);
    expect(listed?.etapeLibelle).toBe('Commande enregistrée, en attente du virement');
  });

  it('makes one order of a double submit with one key, answered to both; the same key again answers it', async () => {
    const line = f.colleague(4);
    await setLine(line.idContrat, null);
    const key = newKey();
    const [a, b] = await Promise.all([submit(line.idContrat, base, { key }), submit(line.idContrat, base, { key })]);
    const first = orderOf(a);
    expect(orderOf(b).numero).toBe(first.numero);
    expect(orderOf(await submit(line.idContrat, base, { key })).numero).toBe(first.numero);
    expect(await ordersOfLine(line.idContrat)).toHaveLength(1);
    expect(await mailsAbout(first.numero)).toHaveLength(1);
    // The key of this order sent for another line is refused.
    expectCode(await submit(f.colleague(5).idContrat, base, { key }), 409, 'NEW_PHONE_KEY_REUSED');
  });

  it('is stopped by an overdue invoice (action RM) before anything is written', async () => {
    const line = f.colleague(5);
    await setLine(line.idContrat, null);
    const invoice = await insertInvoice(t, f.account, { dateEcheance: dayFrom(t, -15) });
    try {
      const stopped = await eligibility(line.idContrat);
      expect(stopped).toMatchObject({ eligible: false, motif: 'IMPAYES' });
      expect(stopped.message).toMatch(/nouveau téléphone/i);
      const response = await submit(line.idContrat);
      expectCode(response, 409, 'NEW_PHONE_UNPAID');
      expect(errorOf(response).exceptionMessage).toBe(stopped.message);
      expect(await ordersOfLine(line.idContrat)).toEqual([]);
    } finally {
      await t.db.update(invoices).set({ resteAPayerCentimes: 0 }).where(eq(invoices.id, invoice.id));
    }
  });

  it('refuses what the catalogue does not sell, a colour it does not have, a phone sold out, an unknown shop', async () => {
    const line = f.colleague(5);
    await setLine(line.idContrat, null);
    expectCode(await submit(line.idContrat, { ...base, IdArticleMobile: RETIRED.idArticle }), 400, 'NEW_PHONE_PHONE_UNAVAILABLE');
    expectCode(await submit(line.idContrat, { ...base, IdArticleMobile: 1999999 }), 400, 'NEW_PHONE_PHONE_UNAVAILABLE');
    expectCode(await submit(line.idContrat, { ...base, Couleur: 'Rose' }), 400, 'NEW_PHONE_COLOUR_UNKNOWN');
    expectCode(await submit(line.idContrat, { ...base, IdArticleMobile: SOLD_OUT.idArticle }), 409, 'NEW_PHONE_OUT_OF_STOCK');
    expectCode(await submit(line.idContrat, { ...base, Livraison: { mode: 'POINT_DE_VENTE', idPointDeVente: 999_999 } }), 400, 'NEW_PHONE_POINT_OF_SALE_UNKNOWN');
    expect((await submit(line.idContrat, base, { key: null })).statusCode).toBe(400);
    expect(await ordersOfLine(line.idContrat)).toEqual([]);
  });

  it('answers 403 to another customer and to the line’s user on every route; 400 or 413, never 5xx, to malformed input', async () => {
    const line = f.colleague(5);
    for (const url of [`/api/nouveau-telephone/${line.idContrat}/eligibilite`, `/api/nouveau-telephone/${line.idContrat}/mobiles`]) {
      expectError(await t.get(url, f.stranger), 403, 'FORBIDDEN_CONTRACT');
      expectError(await t.get(url, f.mandataire), 403, 'FORBIDDEN_CONTRACT');
    }
    expectError(await submit(line.idContrat, base, { token: f.stranger }), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get(`/api/nouveau-telephone/${f.own.idContrat}/mobiles`, f.lineUser), 403, 'NEW_PHONE_MANAGER_ONLY');
    expectError(await submit(f.own.idContrat, base, { token: f.lineUser }), 403, 'NEW_PHONE_MANAGER_ONLY');
    expectError(await t.get(`/api/nouveau-telephone/${f.unmanagedLine.idContrat}/eligibilite`, f.manager), 403, 'FORBIDDEN_CONTRACT');

    for (const id of ['%00', 'abc', '-1', '0', '99999999999', '1%2F2']) {
      expect((await t.get(`/api/nouveau-telephone/${id}/eligibilite`, f.manager)).statusCode).toBe(400);
      expect((await submit(id)).statusCode).toBe(400);
    }
    for (const body of [
      { ...base, Couleur: 'No\u0000ir' },
      { ...base, Couleur: 'x'.repeat(500) },
      { ...base, IdArticleMobile: '%00' },
      { ...base, ModePaiement: 1 },
      { ...base, Livraison: { mode: 'AUTRE_ADRESSE', adresse: { destinataire: 'A', voie: 'B', codePostal: '%00', ville: 'C' } } },
      [],
    ]) {
      const response = await submit(line.idContrat, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const text = await t.app.inject({ method: 'POST', url: `/api/nouveau-telephone/${line.idContrat}/commande`, cookies: { 'XSRF-TOKEN': 'x' }, headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${f.manager}`, 'idempotency-key': newKey(), 'content-type': 'text/plain' }, payload: 'texte' });
    expect([400, 415]).toContain(text.statusCode);
    expect((await submit(line.idContrat, base, { key: '%00%00%00%00%00' })).statusCode).toBe(400);
    const huge = await submit(line.idContrat, { ...base, Couleur: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    // Another delivery address is checked against its postal code's communes before anything is written.
    const elsewhere = (codePostal: string, ville: string) => ({ ...base, Livraison: { mode: 'AUTRE_ADRESSE', adresse: { destinataire: 'Atelier', voie: 'rue des Lilas', codePostal, ville } } });
    expectError(await submit(line.idContrat, elsewhere('69003', 'Marseille')), 400, 'ADDRESS_CITY_MISMATCH');
    expectError(await submit(line.idContrat, elsewhere('00000', 'Lyon')), 400, 'ADDRESS_POSTCODE_UNKNOWN');
    expect(await ordersOfLine(line.idContrat)).toEqual([]);
  });

  it('is documented in the OpenAPI reference', async () => {
    const { paths } = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/nouveau-telephone/{idContrat}/eligibilite', '/api/nouveau-telephone/{idContrat}/mobiles', '/api/nouveau-telephone/{idContrat}/commande']),
    );
  });
});

describe('card payment of a new phone', () => {
  const askLink = (numero: string, token = f.manager) => t.send('POST', '/api/paiement/lien-commande', { token, json: { numero } });

  async function linkOf(numero: string) {
    const response = await askLink(numero);
    expect(response.statusCode, response.body).toBe(200);
    return bodyOf(response, paymentLinkSchema);
  }

  function resultOf(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(200);
    return bodyOf(response, paymentNotificationAnswerSchema).resultat;
  }

  it('settles the order once through the signed notification: confirmed, the phone recorded on the order, one e-mail; a refusal first leaves it to pay again', async () => {
    await t.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'quota:payment-link:%'));
    const line = f.colleague(0);
    await setLine(line.idContrat, addMonths(today(), 12));
    const order = orderOf(await submit(line.idContrat, { ...base, ModePaiement: 3, Livraison: { mode: 'AUTRE_ADRESSE', adresse: { destinataire: 'Atelier', numero: '3', voie: 'rue des Lilas', codePostal: '69003', ville: 'Lyon' } } }));
    expect(order).toMatchObject({ statut: 3, etape: 5, modePaiement: 3, virement: null, tarif: 'MOBILE_SEUL', aPayerCentimes: 83_999 });
    for (const token of [f.stranger, f.lineUser]) expectError(await askLink(order.numero, token), 403, 'PAYMENT_ORDER_FORBIDDEN');

    const first = await linkOf(order.numero);
    expect((await transactionRow(t, first.transactionReference)).montantCentimes).toBe(83_999);
    expect(resultOf(await postNotification(t.app, eventBody({ type: 'paiement.refuse', reference: first.transactionReference, montant: 83_999 }, t.clock.now()), { now: t.clock.now() }))).toBe('APPLIQUEE');
    expect(await storedOrder(order.numero)).toMatchObject({ statut: 13, etape: 7 });
    expectCode(await submit(line.idContrat), 409, 'NEW_PHONE_ORDER_PENDING');

    const second = await linkOf(order.numero);
    const read = bodyOf(await t.get(`/api/paiement/transaction/${second.transactionReference}`, f.manager), paymentTransactionSchema);
    expect(read).toMatchObject({ statut: 'EN_ATTENTE', numeroCommande: order.numero });
    const body = eventBody({ reference: second.transactionReference, montant: 83_999 }, t.clock.now());
    expect(resultOf(await postNotification(t.app, body, { now: t.clock.now() }))).toBe('APPLIQUEE');
    expect(resultOf(await postNotification(t.app, body, { now: t.clock.now() }))).toBe('REJOUEE');
    expect(resultOf(await postNotification(t.app, eventBody({ reference: second.transactionReference, montant: 83_999 }, t.clock.now()), { now: t.clock.now() }))).toBe('DEJA_REGLEE');

    const stored = await storedOrder(order.numero);
    expect(stored).toMatchObject({ statut: 12, etape: 9 });
    expect(stored.valideeLe).not.toBeNull();
    expect((stored.recapitulatif as { nouveauTelephone: { attribueLe?: string } }).nouveauTelephone.attribueLe).toBe(t.clock.now().toISOString());
    expect(await timeline(stored.id)).toEqual([
      [3, 5],
      [13, 7],
      [3, 5],
      [12, 6],
      [12, 9],
    ]);
    const [address] = await t.db.select().from(orderAddresses).where(eq(orderAddresses.orderId, stored.id));
    expect(address).toMatchObject({ type: 3, voie: 'rue des Lilas', codePostal: '69003', ville: 'Lyon', codeInsee: '69123' });
    const mails = await mailsAbout(order.numero);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('confirmée');
    // The line's contract is not changed by a new phone.
    const [after] = await t.db.select().from(contracts).where(eq(contracts.idContrat, line.idContrat));
    expect(after).toMatchObject({ idOffreEngagement: line.idOffreEngagement, codeStatut: 'ACTIF' });
    expect(bodyOf(await t.get(`/api/paiement/transaction/${second.transactionReference}`, f.manager), paymentTransactionSchema)).toMatchObject({ statut: 'ACCEPTEE', numeroCommande: order.numero });
    // Paid: no other payment; the line may order again.
    expectCode(await askLink(order.numero), 409, 'PAYMENT_ORDER_NOT_PAYABLE');
    expect((await eligibility(line.idContrat)).eligible).toBe(true);
  });

  it('collected in a shop and paid by card: the confirmation mail says where to collect it', async () => {
    await t.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'quota:payment-link:%'));
    const line = f.colleague(1);
    await setLine(line.idContrat, null);
    const order = orderOf(await submit(line.idContrat, { ...base, ModePaiement: 3, Livraison: { mode: 'POINT_DE_VENTE', idPointDeVente: 12 } }));
    const link = await linkOf(order.numero);
    expect(resultOf(await postNotification(t.app, eventBody({ reference: link.transactionReference, montant: order.aPayerCentimes }, t.clock.now()), { now: t.clock.now() }))).toBe('APPLIQUEE');
    const [mail] = await mailsAbout(order.numero);
    expect(mail?.subject).toContain('confirmée');
    expect(mail?.textBody).toContain('à retirer en boutique\u00a0: Boutique Dijon Liberté, 54 rue de la Liberté, 21000 Dijon');
    expect(mail?.textBody).not.toContain('envoi');
    expect(bodyOf(await t.get(`/api/commandes/${f.account}/${order.numero}`, f.manager), orderDetailSchema).etapeLibelle).toBe('Commande confirmée');
  });

  it('a transfer order is not payable by card', async () => {
    const line = f.colleague(1);
    await setLine(line.idContrat, null);
    const order = orderOf(await submit(line.idContrat));
    expectCode(await askLink(order.numero), 409, 'PAYMENT_ORDER_NOT_PAYABLE');
  });
});
