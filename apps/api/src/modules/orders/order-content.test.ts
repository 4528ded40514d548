import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addMonths, newPhoneOrderSchema, orderDetailSchema, paymentLinkSchema, submittedOrderSchema, type OrderDetail } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import { catalogInsurances, catalogOptions, catalogPhones, contracts, invoices, offers, rateLimitCounters } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, useTestContext } from '../../test/harness.ts';
import { cartOf, saveAddress, tourCart } from '../../test/support/add-line.ts';
import { eventBody, PAYMENT_ENV, postNotification } from '../../test/support/payment.ts';

/**
 * Issue 24, point 2: every order, whatever journey made it, shows its lines with every amount
 * charged (options, accessories, insurance, promotions) and its totals, frozen at order time.
 */
const { t, f } = useTestContext(
  async (t) => {
    const demo = await demoFixture(t);
    await t.db.update(invoices).set({ resteAPayerCentimes: 0 });
    return demo;
  },
  { env: PAYMENT_ENV },
);

const newKey = () => randomBytes(12).toString('hex');

function post(url: string, payload: object, key = newKey()) {
  return t.app.inject({
    method: 'POST',
    url,
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${f.manager}`, 'idempotency-key': key },
    payload,
  });
}

function ok(response: LightMyRequestResponse): LightMyRequestResponse {
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function detail(numero: string): Promise<OrderDetail> {
  return bodyOf(ok(await t.get(`/api/commandes/${f.account}/${numero}`, f.manager)), orderDetailSchema);
}

/** Pays an order by card through the sandbox's signed notification. */
async function payByCard(numero: string, montant: number): Promise<void> {
  await t.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'quota:payment-link:%'));
  const link = bodyOf(ok(await t.send('POST', '/api/paiement/lien-commande', { token: f.manager, json: { numero } })), paymentLinkSchema);
  ok(await postNotification(t.app, eventBody({ reference: link.transactionReference, montant }, t.clock.now()), { now: t.clock.now() }));
}

/** The tour's cart sent as an order: recaps opened, delivered to the account's address. */
async function addLineOrder(ModePaiement: 3 | 6) {
  const cart = await tourCart(t, f.manager, f.account);
  cartOf(await saveAddress(t, f.manager, cart.IdSouscription, { mode: 'ADRESSE_COMPTE' }));
  for (const document of ['information-precontractuelle', 'recapitulatif-contractuel']) ok(await t.get(`/api/ajout-lignes/recapitulatif/${cart.IdSouscription}/${document}`, f.manager));
  return bodyOf(ok(await post('/api/commande/enregistrer', { IdSouscription: cart.IdSouscription, ModePaiement })), submittedOrderSchema);
}

/** What the tour's order shows: each amount with its label, and totals the items add up to. */
function expectTourContent(order: OrderDetail): void {
  expect(order.lignes).toHaveLength(1);
  const [line] = order.lignes;
  expect(line).toMatchObject({ libelle: 'Forfait Pro 50 Go avec Google Pixel 9a 128 Go (Obsidienne)', quantite: 1, prixUniqueHt: 99, prixMensuelHt: 38.31 });
  expect(line?.details).toEqual(['Carte SIM', 'Nouveau numéro']);
  expect(line?.elements.map((charge) => [charge.nature, charge.libelle, charge.montantHt, charge.dureeMois, charge.franchiseHt])).toEqual([
    ['MOBILE', 'Google Pixel 9a 128 Go, Obsidienne', 99, null, null],
    ['FORFAIT', 'Forfait Pro 50 Go', 24.99, null, null],
    ['OPTION', 'International 2 h', 10, null, null],
    ['ASSURANCE', 'Assurance Casse et Vol', 8.32, null, 79],
    ['PROMOTION', '20 % de remise pendant 6 mois sur le forfait', -5, 6, null],
  ]);
  expect(order.totaux).toEqual({
    commande: { avantPromotionsHt: 99, remisesHt: 0, ht: 99, tva: 19.8, ttc: 118.8 },
    mensuel: { avantPromotionsHt: 43.31, remisesHt: 5, ht: 38.31, tva: 7.66, ttc: 45.97 },
    mensuelFinPromotions: { ht: 43.31, tva: 8.66, ttc: 51.97 },
  });
  expect(order).toMatchObject({ totalHt: 99, tva: 19.8, totalTtc: 118.8, totalMensuelHt: 38.31 });
}

describe('the content of an order, whatever journey made it', () => {
  it('add lines, by transfer: the lines, option, insurance, promotion and totals, frozen against later catalogue changes', async () => {
    const order = await addLineOrder(6);
    expectTourContent(await detail(order.numero));

    // The catalogue changes afterwards: the order placed stays as it was.
    const [insurance] = await t.db.select().from(catalogInsurances).where(eq(catalogInsurances.idAssurance, 4002));
    const [option] = await t.db.select().from(catalogOptions).where(eq(catalogOptions.idOption, 3001));
    const [offer] = await t.db.select().from(offers).where(eq(offers.idOffreEngagement, 102));
    if (!insurance || !option || !offer) throw new Error('reference catalogue missing');
    await t.db.update(catalogInsurances).set({ libelle: 'Assurance renommée', prixMensuelCentimes: 999, franchiseCentimes: 12_000 }).where(eq(catalogInsurances.idAssurance, 4002));
    await t.db.update(catalogOptions).set({ libelle: 'Option renommée', prixMensuelCentimes: 1_500 }).where(eq(catalogOptions.idOption, 3001));
    await t.db.update(offers).set({ libelle: 'Forfait renommé', prixMensuelCentimes: 2_999 }).where(eq(offers.idOffreEngagement, 102));
    try {
      expectTourContent(await detail(order.numero));
    } finally {
      await t.db.update(catalogInsurances).set(insurance).where(eq(catalogInsurances.idAssurance, 4002));
      await t.db.update(catalogOptions).set(option).where(eq(catalogOptions.idOption, 3001));
      await t.db.update(offers).set(offer).where(eq(offers.idOffreEngagement, 102));
    }
  });

  it('add lines, by card: the same content, before and after the payment', async () => {
    const order = await addLineOrder(3);
    expectTourContent(await detail(order.numero));
    await payByCard(order.numero, 11_880);
    const paid = await detail(order.numero);
    expect(paid.statut).toBe(12);
    expectTourContent(paid);
  });

  const PHONE = { idArticle: 1985, marque: 'Test', modele: 'Contenu', description: 'Téléphone de test', couleurs: ['Noir'], stockageGo: 128, esim: true, cinqG: true, prixNuCentimes: 45_000, prixAvecForfaitCentimes: 15_000, stock: 20, image: 'test.webp' };

  async function newPhoneOrder(ModePaiement: 3 | 6, index: number) {
    await t.db.insert(catalogPhones).values(PHONE).onConflictDoUpdate({ target: catalogPhones.idArticle, set: PHONE });
    const line = f.colleague(index);
    // Eight months of commitment left: the phone alone (450,00 € HT).
    await t.db.update(contracts).set({ dateFinEngagement: addMonths(parisDay(t.clock.now()), 8), codeStatut: 'ACTIF' }).where(eq(contracts.idContrat, line.idContrat));
    const response = ok(await post(`/api/nouveau-telephone/${line.idContrat}/commande`, { IdArticleMobile: PHONE.idArticle, Couleur: 'Noir', ModePaiement, Livraison: { mode: 'ADRESSE_COMPTE' } }));
    return { order: bodyOf(response, newPhoneOrderSchema), line };
  }

  function expectNewPhoneContent(order: OrderDetail, numeroLigne: string): void {
    expect(order.lignes).toHaveLength(1);
    const [line] = order.lignes;
    expect(line).toMatchObject({ libelle: 'Nouveau téléphone Test Contenu 128 Go', quantite: 1, prixUniqueHt: 450, prixMensuelHt: 0 });
    expect(line?.details).toEqual([`Ligne ${formatPhone(numeroLigne)}`, 'Couleur : Noir', 'Prix du téléphone seul']);
    expect(line?.elements.map((charge) => [charge.nature, charge.moment, charge.libelle, charge.montantHt])).toEqual([['MOBILE', 'COMMANDE', 'Test Contenu 128 Go, Noir', 450]]);
    expect(order.totaux).toEqual({
      commande: { avantPromotionsHt: 450, remisesHt: 0, ht: 450, tva: 90, ttc: 540 },
      mensuel: { avantPromotionsHt: 0, remisesHt: 0, ht: 0, tva: 0, ttc: 0 },
      mensuelFinPromotions: { ht: 0, tva: 0, ttc: 0 },
    });
    expect(order).toMatchObject({ totalHt: 450, tva: 90, totalTtc: 540 });
  }

  it('new phone, by transfer: the phone, its colour and price, and the totals', async () => {
    const { order, line } = await newPhoneOrder(6, 2);
    expectNewPhoneContent(await detail(order.numero), line.numeroLigne);
  });

  it('new phone, by card: the same content, before and after the payment', async () => {
    const { order, line } = await newPhoneOrder(3, 3);
    expectNewPhoneContent(await detail(order.numero), line.numeroLigne);
    await payByCard(order.numero, 54_000);
    const paid = await detail(order.numero);
    expect(paid.statut).toBe(12);
    expectNewPhoneContent(paid, line.numeroLigne);
  });
});
