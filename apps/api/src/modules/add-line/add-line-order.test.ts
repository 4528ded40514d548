import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildRio, nextWorkingDay, riskScore, submittedOrderSchema, type SubmitOrderRequest } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { auditLog, catalogPhones, contracts, invoices, orders, riskDecisions, subscriptions } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { createAddLineRepository } from './add-line.repository.ts';
import { cartOf, expectCode, insertTestCatalogue, saveAddress, saveLine, TEST_CATALOGUE } from '../../test/support/add-line.ts';
import { NEW_NUMBER_RANGE } from './add-line.service.ts';

const { t, f } = useTestContext(async (t) => {
  const demo = await demoFixture(t);
  await insertTestCatalogue(t, parisDay(t.clock.now()));
  // A dear phone, for the orders whose amount weighs on the risk.
  const dear = { ...TEST_CATALOGUE.phone, idArticle: 1993, modele: 'Phone Pro', prixNuCentimes: 400_000, prixAvecForfaitCentimes: 300_000, stock: 50, couleurs: ['Noir'] };
  await t.db.insert(catalogPhones).values(dear).onConflictDoUpdate({ target: catalogPhones.idArticle, set: dear });
  // Every demo invoice settled: the unpaid check passes unless a test makes one overdue.
  await t.db.update(invoices).set({ resteAPayerCentimes: 0 });
  return demo;
});

const { phone } = TEST_CATALOGUE;
const newKey = () => randomBytes(12).toString('hex');
const rioFor = (numero: string) => buildRio({ operateur: 'B4', qualite: 'E', reference: 'X12345', numero });

function orderOf(response: LightMyRequestResponse | undefined) {
  expect(response?.statusCode, response?.body).toBe(200);
  return bodyOf(response as LightMyRequestResponse, submittedOrderSchema);
}

function submit(body: Partial<SubmitOrderRequest> & { IdSouscription: number }, key: string | null = newKey(), token = f.manager) {
  const json: SubmitOrderRequest = { ModePaiement: 6, ...body };
  return t.app.inject({
    method: 'POST',
    url: '/api/commande/enregistrer',
    remoteAddress: '198.51.100.7',
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: json,
  });
}

/** A fresh cart: a ported number on a SIM-only line and a new number on an eSIM phone. */
async function twoLineCart(): Promise<{ idSouscription: number; ported: string }> {
  await createAddLineRepository(t.db).deleteCarts(f.account);
  const first = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
  const idSouscription = first.IdSouscription ?? 0;
  const portedLine = first.Lignes[0]?.IdLigne ?? 0;
  const ported = `06${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  cartOf(
    await t.send('POST', '/api/ajout-lignes/portabilite', {
      token: f.manager,
      json: { IdSouscription: idSouscription, IdLigne: portedLine, LignePNM: { DatePortage: nextWorkingDay(parisDay(t.clock.now())), Msisdn: ported, Rio: rioFor(ported) } },
    }),
  );
  cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdOffreEngagement: 103, IdArticleMobile: phone.idArticle, Couleur: 'Noir', TypeSim: 'ESIM' }));
  cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'ADRESSE_COMPTE' }));
  await openRecaps(idSouscription);
  return { idSouscription, ported };
}

/** The two recap PDFs opened, as the page makes the customer do before confirming. */
async function openRecaps(idSouscription: number): Promise<void> {
  for (const document of ['information-precontractuelle', 'recapitulatif-contractuel']) {
    const response = await t.get(`/api/ajout-lignes/recapitulatif/${idSouscription}/${document}`, f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${document}-panier-${idSouscription}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }
}

describe('submitting the cart', () => {
  it('by transfer: an order with its number, the transfer instructions, the new lines in the fleet EN_COURS and an e-mail', async () => {
    const { idSouscription, ported } = await twoLineCart();
    const response = await submit({ IdSouscription: idSouscription });
    const order = orderOf(response);
    expect(order.numero).toMatch(/^CMD-\d{4}-\d{6}$/);
    // Plans 101 (14,99 €) and 103 (34,99 €); the phone 199,00 € HT: 238,80 € TTC to pay.
    expect(order).toMatchObject({ idSouscription, statut: 5, etape: 9, modePaiement: 6, aPayerCentimes: 23_880, acompteCentimes: 0, risque: { decision: 'ACCEPTE', niveau: 5 } });
    expect(order.virement).toEqual({ titulaire: 'Telora SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', reference: `VIR-${order.numero}`, montantCentimes: 23_880 });
    expect(order.idContrats).toHaveLength(2);

    const lines = await t.db.select().from(contracts).where(inArray(contracts.idContrat, order.idContrats));
    expect(lines.map((line) => line.codeStatut)).toEqual(['EN_COURS', 'EN_COURS']);
    expect(lines.map((line) => line.numeroLigne)).toContain(ported);
    const fresh = lines.find((line) => line.numeroLigne !== ported);
    expect(fresh?.numeroLigne.startsWith('078')).toBe(true);
    expect(fresh && fresh.numeroLigne >= NEW_NUMBER_RANGE.start).toBe(true);
    expect(fresh).toMatchObject({ typeSim: 'ESIM', idOffreEngagement: 103, idClientBscs: f.account });

    const [cart] = await t.db.select().from(subscriptions).where(eq(subscriptions.idSouscription, idSouscription));
    expect(cart).toMatchObject({ statut: 4, etape: 9 });
    const [mail] = await t.outbox();
    expect(mail?.subject).toContain(order.numero);
    const [stored] = await t.db.select().from(orders).where(eq(orders.numero, order.numero));
    expect(stored).toMatchObject({ type: 1, idSouscription, referenceVirement: `VIR-${order.numero}` });
    const [risk] = await t.db.select().from(riskDecisions).where(eq(riskDecisions.idSouscription, idSouscription));
    expect(risk).toMatchObject({ decision: 'ACCEPTE', niveau: 5 });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'COMMANDE_AJOUT_LIGNES'), eq(auditLog.idClientBscs, f.account)));
    expect(entry?.details).toMatchObject({ numero: order.numero, modePaiement: 6 });

    // The cart is the order's now: a new one starts empty, and the cart cannot change.
    expect(cartOf(await t.get(`/api/ajout-lignes/panier/${f.account}`, f.manager)).IdSouscription).toBeNull();
    // A second fresh number follows the first.
    const again = await twoLineCart();
    const second = orderOf(await submit({ IdSouscription: again.idSouscription }));
    const [next] = await t.db.select().from(contracts).where(and(inArray(contracts.idContrat, second.idContrats), eq(contracts.typeSim, 'ESIM')));
    expect(Number(next?.numeroLigne)).toBe(Number(fresh?.numeroLigne) + 1);
  });

  it('answers the same order to the same key, retried or sent twice at once, and one order only', async () => {
    const { idSouscription } = await twoLineCart();
    const key = newKey();
    const [a, b] = await Promise.all([submit({ IdSouscription: idSouscription }, key), submit({ IdSouscription: idSouscription }, key)]);
    const first = orderOf(a);
    expect(orderOf(b)).toEqual(first);
    expect(orderOf(await submit({ IdSouscription: idSouscription }, key))).toEqual(first);
    expect(await t.db.select().from(orders).where(eq(orders.idSouscription, idSouscription))).toHaveLength(1);
    expect(await t.db.select().from(contracts).where(inArray(contracts.idContrat, first.idContrats))).toHaveLength(2);

    // Two clicks with two keys: one order, the other refused.
    const other = await twoLineCart();
    const answers = await Promise.all([submit({ IdSouscription: other.idSouscription }), submit({ IdSouscription: other.idSouscription })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(orders).where(eq(orders.idSouscription, other.idSouscription))).toHaveLength(1);
  });

  it('by card: the order waits for the payment, no line yet', async () => {
    const { idSouscription } = await twoLineCart();
    cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'POINT_DE_VENTE', idPointDeVente: 1 }));
    const order = orderOf(await submit({ IdSouscription: idSouscription, ModePaiement: 3 }));
    const [row] = await t.db.select().from(orders).where(eq(orders.numero, order.numero));
    expect(row?.idPointDeVente).toBe(1);
    expect(order).toMatchObject({ statut: 3, etape: 5, modePaiement: 3, virement: null, idContrats: [] });
    const [cart] = await t.db.select().from(subscriptions).where(eq(subscriptions.idSouscription, idSouscription));
    expect(cart).toMatchObject({ statut: 4, etape: 5 });
  });

  it('asks for a transfer when the order is risky, and a deposit when more so', async () => {
    await createAddLineRepository(t.db).deleteCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdArticleMobile: 1993, Couleur: 'Noir', Quantite: 2 }));
    const idSouscription = cart.IdSouscription ?? 0;
    cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'ADRESSE_COMPTE' }));
    await openRecaps(idSouscription);
    // 2 × 3 000 € HT = 7 200 € TTC: the amount alone asks for a transfer.
    expectCode(await submit({ IdSouscription: idSouscription, ModePaiement: 3 }), 409, 'ADD_LINE_TRANSFER_REQUIRED');
    const order = orderOf(await submit({ IdSouscription: idSouscription }));
    expect(order.risque).toEqual({ score: 40, niveau: 2, decision: 'VIREMENT_OBLIGATOIRE' });

    expect(riskScore({ facturesImpayees24Mois: 0, ancienneteMois: 120, montantTtcCentimes: 10_000 })).toMatchObject({ score: 0, decision: 'ACCEPTE', niveau: 5 });
    expect(riskScore({ facturesImpayees24Mois: 0, ancienneteMois: null, montantTtcCentimes: 600_000 })).toMatchObject({ score: 70, decision: 'ACOMPTE', niveau: 4 });
    expect(riskScore({ facturesImpayees24Mois: 1, ancienneteMois: 12, montantTtcCentimes: 200_000 })).toMatchObject({ score: 60, decision: 'VIREMENT_OBLIGATOIRE' });
  });

  it('stops on an overdue invoice (unpaid check AJL) before anything is written', async () => {
    const { idSouscription } = await twoLineCart();
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.idClientBscs, f.account)).limit(1);
    if (!invoice) throw new Error('no demo invoice');
    await t.db.update(invoices).set({ resteAPayerCentimes: invoice.montantTtcCentimes, dateEcheance: '2020-01-01' }).where(eq(invoices.id, invoice.id));
    try {
      expectCode(await submit({ IdSouscription: idSouscription }), 409, 'ADD_LINE_UNPAID');
      expect(await t.db.select().from(orders).where(eq(orders.idSouscription, idSouscription))).toHaveLength(0);
    } finally {
      await t.db.update(invoices).set({ resteAPayerCentimes: invoice.resteAPayerCentimes, dateEcheance: invoice.dateEcheance }).where(eq(invoices.id, invoice.id));
    }
  });

  it('asks for both recap PDFs opened after the cart’s last change, and keeps them to the cart’s manager', async () => {
    await createAddLineRepository(t.db).deleteCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
    const idSouscription = cart.IdSouscription ?? 0;
    cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'ADRESSE_COMPTE' }));
    expectCode(await submit({ IdSouscription: idSouscription }), 409, 'ADD_LINE_RECAPS_NOT_OPENED');
    expect((await t.get(`/api/ajout-lignes/recapitulatif/${idSouscription}/information-precontractuelle`, f.manager)).statusCode).toBe(200);
    expectCode(await submit({ IdSouscription: idSouscription }), 409, 'ADD_LINE_RECAPS_NOT_OPENED');
    await openRecaps(idSouscription);
    t.clock.advance(1_000);
    cartOf(await t.get(`/api/ajout-lignes/maj-quantite?idLigne=${cart.Lignes[0]?.IdLigne ?? 0}&quantite=2`, f.manager));
    expectCode(await submit({ IdSouscription: idSouscription }), 409, 'ADD_LINE_RECAPS_NOT_OPENED');
    t.clock.advance(1_000);
    await openRecaps(idSouscription);
    expect(orderOf(await submit({ IdSouscription: idSouscription })).idContrats).toHaveLength(2);

    expectError(await t.get(`/api/ajout-lignes/recapitulatif/${idSouscription}/recapitulatif-contractuel`, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expect((await t.get(`/api/ajout-lignes/recapitulatif/${idSouscription}/autre`, f.manager)).statusCode).toBe(400);
    expect((await t.get('/api/ajout-lignes/recapitulatif/%00/recapitulatif-contractuel', f.manager)).statusCode).toBe(400);
  });

  it('refuses another customer, an empty cart, a missing key, a missing delivery, an unknown shop and a wrong address', async () => {
    const { idSouscription } = await twoLineCart();
    for (const token of [f.stranger, f.lineUser, f.mandataire]) expectError(await submit({ IdSouscription: idSouscription }, newKey(), token), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await submit({ IdSouscription: 2_000_000_000 }), 403, 'FORBIDDEN_ACCOUNT');
    expect((await submit({ IdSouscription: idSouscription }, null)).statusCode).toBe(400);
    expect((await submit({ IdSouscription: idSouscription }, 'short')).statusCode).toBe(400);
    expect((await submit({ IdSouscription: idSouscription, ModePaiement: 4 as 3 })).statusCode).toBe(400);
    expectCode(await saveAddress(t, f.manager, idSouscription, { mode: 'POINT_DE_VENTE', idPointDeVente: 9999 }), 400, 'ADD_LINE_POINT_OF_SALE_UNKNOWN');
    const address = { destinataire: 'Atelier', numero: '3', voie: 'rue Neuve', complement: '', codePostal: '33000', ville: 'Lyon' };
    expectCode(await saveAddress(t, f.manager, idSouscription, { mode: 'AUTRE_ADRESSE', adresse: address }), 400, 'ADDRESS_CITY_MISMATCH');
    // No delivery kept with the cart: refused, whatever the body carries (the cart's delivery is the only one read).
    await t.db.update(subscriptions).set({ coordonnees: null }).where(eq(subscriptions.idSouscription, idSouscription));
    expectCode(await submit({ IdSouscription: idSouscription }), 409, 'ADD_LINE_DELIVERY_MISSING');
    const withBody = await t.app.inject({
      method: 'POST',
      url: '/api/commande/enregistrer',
      cookies: { 'XSRF-TOKEN': 'x' },
      headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${f.manager}`, 'idempotency-key': newKey() },
      payload: { IdSouscription: idSouscription, ModePaiement: 6, Livraison: { mode: 'ADRESSE_COMPTE' } },
    });
    expectCode(withBody, 409, 'ADD_LINE_DELIVERY_MISSING');
    expect(await t.db.select().from(orders).where(eq(orders.idSouscription, idSouscription))).toHaveLength(0);

    await createAddLineRepository(t.db).deleteCarts(f.account);
    const empty = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
    cartOf(await t.send('POST', '/api/ajout-lignes/supprimer-ligne', { token: f.manager, json: { IdLigne: empty.Lignes[0]?.IdLigne } }));
    expectCode(await submit({ IdSouscription: empty.IdSouscription ?? 0 }), 409, 'ADD_LINE_CART_EMPTY');
  });
});
