import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { submittedOrderSchema, type Cart } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { catalogInsurances, invoices, orderAddresses, orders, subscriptions } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, openApiDocumentSchema, useTestContext } from '../../test/harness.ts';
import { createAddLineRepository } from './add-line.repository.ts';
import { cartOf, expectCode, insertTestCatalogue, saveAddress, saveLine, TEST_CATALOGUE } from '../../test/support/add-line.ts';

const { t, f } = useTestContext(async (t) => {
  const demo = await demoFixture(t);
  await insertTestCatalogue(t, parisDay(t.clock.now()));
  await t.db.update(invoices).set({ resteAPayerCentimes: 0 });
  return demo;
});

const { phone, simOnlyPhone } = TEST_CATALOGUE;
/** The reference catalogue's insurances: ceilings 500 €, 1 000 € and 1 600 € (the test phone costs 699 € alone). */
const CASSE = 4001;
const CASSE_VOL = 4002;
const address = { destinataire: 'Atelier Durand', numero: '12', voie: 'rue de la République', complement: 'Bâtiment B', codePostal: '69002', ville: 'lyon' };

const setInsurance = (IdLigne: number, IdAssurance: number | null | string, token = f.manager) => t.send('POST', '/api/commande/assurance', { token, json: { IdLigne, IdAssurance } });
const readCart = async (): Promise<Cart> => cartOf(await t.get(`/api/ajout-lignes/panier/${f.account}`, f.manager));

async function freshCart() {
  await createAddLineRepository(t.db).deleteCarts(f.account);
  const withPhone = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdOffreEngagement: 103, IdArticleMobile: phone.idArticle, Couleur: 'Noir' }));
  const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
  const [phoneLine, simLine] = cart.Lignes;
  if (!phoneLine || !simLine || withPhone.IdSouscription === null) throw new Error('cart not made');
  return { idSouscription: withPhone.IdSouscription, phoneLine: phoneLine.IdLigne, simLine: simLine.IdLigne, cart };
}

describe('POST /api/commande/adresse/enregistrer/{type}: the Coordonnées kept with the cart', () => {
  it('keeps each address checked (the city as the commune is named), answers it with the cart, and the order uses the delivery kept', async () => {
    const { idSouscription } = await freshCart();
    expect((await readCart()).Coordonnees).toEqual({ LIVRAISON: null, INSTALLATION: null, ELIGIBILITE: null });

    const saved = cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'AUTRE_ADRESSE', adresse: address }));
    const checked = { ...address, ville: 'Lyon', codeInsee: '69123' };
    expect(saved.Coordonnees).toEqual({ LIVRAISON: { mode: 'AUTRE_ADRESSE', adresse: checked }, INSTALLATION: null, ELIGIBILITE: null });
    cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'ADRESSE_COMPTE' }, 'INSTALLATION'));
    cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'AUTRE_ADRESSE', adresse: { ...address, codePostal: '42000', ville: 'St Etienne' } }, 'ELIGIBILITE'));
    // A reload, or another device: the cart read answers them.
    const read = await readCart();
    expect(read.Coordonnees.LIVRAISON).toEqual({ mode: 'AUTRE_ADRESSE', adresse: checked });
    expect(read.Coordonnees.INSTALLATION).toEqual({ mode: 'ADRESSE_COMPTE' });
    expect(read.Coordonnees.ELIGIBILITE).toMatchObject({ mode: 'AUTRE_ADRESSE', adresse: { ville: 'Saint-Étienne', codeInsee: '42218' } });
    // Saving one address leaves the others; the shop replaces the delivery address.
    const shop = cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'POINT_DE_VENTE', idPointDeVente: 1 }));
    expect(shop.Coordonnees).toMatchObject({ LIVRAISON: { mode: 'POINT_DE_VENTE', idPointDeVente: 1 }, INSTALLATION: { mode: 'ADRESSE_COMPTE' } });
    cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'AUTRE_ADRESSE', adresse: address }));

    for (const document of ['information-precontractuelle', 'recapitulatif-contractuel']) {
      expect((await t.get(`/api/ajout-lignes/recapitulatif/${idSouscription}/${document}`, f.manager)).statusCode).toBe(200);
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/commande/enregistrer',
      cookies: { 'XSRF-TOKEN': 'x' },
      headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${f.manager}`, 'idempotency-key': randomBytes(12).toString('hex') },
      payload: { IdSouscription: idSouscription, ModePaiement: 6 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = bodyOf(response, submittedOrderSchema);
    const [row] = await t.db.select().from(orders).where(eq(orders.numero, order.numero));
    const [kept] = await t.db.select().from(orderAddresses).where(eq(orderAddresses.orderId, row?.id ?? 0));
    expect(kept).toMatchObject({ type: 3, destinataire: 'Atelier Durand', voie: 'rue de la République', codePostal: '69002', ville: 'Lyon', codeInsee: '69123' });
    // The cart is the order's now: its addresses no longer change.
    expectCode(await saveAddress(t, f.manager, idSouscription, { mode: 'ADRESSE_COMPTE' }), 409, 'ADD_LINE_CART_LOCKED');
  });

  it('refuses a shop for installation or eligibility, an unknown shop, a wrong city, malformed values, and another customer', async () => {
    const { idSouscription } = await freshCart();
    const shop = { mode: 'POINT_DE_VENTE' as const, idPointDeVente: 1 };
    for (const type of ['INSTALLATION', 'ELIGIBILITE'] as const) expectCode(await saveAddress(t, f.manager, idSouscription, shop, type), 400, 'ADD_LINE_ADDRESS_SHOP_DELIVERY_ONLY');
    expectCode(await saveAddress(t, f.manager, idSouscription, { mode: 'POINT_DE_VENTE', idPointDeVente: 9999 }), 400, 'ADD_LINE_POINT_OF_SALE_UNKNOWN');
    expectCode(await saveAddress(t, f.manager, idSouscription, { mode: 'AUTRE_ADRESSE', adresse: { ...address, ville: 'Marseille' } }), 400, 'ADDRESS_CITY_MISMATCH');
    expectCode(await saveAddress(t, f.manager, idSouscription, { mode: 'AUTRE_ADRESSE', adresse: { ...address, codePostal: '00000' } }), 400, 'ADDRESS_POSTCODE_UNKNOWN');
    const malformed = [
      { ...address, voie: '   ' },
      { ...address, voie: 'x'.repeat(10_000) },
      { ...address, destinataire: 'x'.repeat(101) },
      { ...address, voie: 'rue\u0000Neuve' },
      { ...address, complement: 'B\u0007' },
      { ...address, codePostal: '69 002' },
    ];
    for (const adresse of malformed) expect((await saveAddress(t, f.manager, idSouscription, { mode: 'AUTRE_ADRESSE', adresse })).statusCode).toBe(400);
    const post = (path: string, json: unknown) => t.send('POST', path, { token: f.manager, json });
    for (const type of ['LIVRAISON2', 'livraison', '%00', 'x'.repeat(200)]) expect((await post(`/api/commande/adresse/enregistrer/${type}`, { IdSouscription: idSouscription, Adresse: { mode: 'ADRESSE_COMPTE' } })).statusCode).toBe(400);
    for (const IdSouscription of ['%00', 'abc', 99_999_999_999, -1, 0]) {
      expect((await post('/api/commande/adresse/enregistrer/LIVRAISON', { IdSouscription, Adresse: { mode: 'ADRESSE_COMPTE' } })).statusCode).toBe(400);
    }
    expect((await post('/api/commande/adresse/enregistrer/LIVRAISON', { IdSouscription: idSouscription, Adresse: { mode: 'AILLEURS' } })).statusCode).toBe(400);
    expect((await post('/api/commande/adresse/enregistrer/LIVRAISON', { IdSouscription: idSouscription })).statusCode).toBe(400);
    for (const token of [f.stranger, f.lineUser]) expectError(await saveAddress(t, token, idSouscription, { mode: 'ADRESSE_COMPTE' }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await saveAddress(t, f.manager, 2_000_000_000, { mode: 'ADRESSE_COMPTE' }), 403, 'FORBIDDEN_ACCOUNT');
    // Nothing was kept by any of these.
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.idSouscription, idSouscription));
    expect(row?.coordonnees).toBeNull();
  });
});

describe('POST /api/commande/assurance: the phone’s insurance of a line', () => {
  it('freezes the catalogue’s monthly price, counts it monthly in the totals, and removes it with null', async () => {
    const { phoneLine, cart: before } = await freshCart();
    const insured = cartOf(await setInsurance(phoneLine, CASSE_VOL));
    const line = insured.Lignes.find((row) => row.IdLigne === phoneLine);
    expect(line).toMatchObject({ IdAssurance: CASSE_VOL, LibelleAssurance: 'Assurance Casse et Vol', PrixAssuranceCentimes: 832 });
    expect(insured.Totaux.mensuel.htCentimes - before.Totaux.mensuel.htCentimes).toBe(832);
    expect(insured.Totaux.ponctuel).toEqual(before.Totaux.ponctuel);
    // A later catalogue change leaves the cart as it was.
    await t.db.update(catalogInsurances).set({ prixMensuelCentimes: 999 }).where(eq(catalogInsurances.idAssurance, CASSE_VOL));
    try {
      expect((await readCart()).Lignes.find((row) => row.IdLigne === phoneLine)?.PrixAssuranceCentimes).toBe(832);
    } finally {
      await t.db.update(catalogInsurances).set({ prixMensuelCentimes: 832 }).where(eq(catalogInsurances.idAssurance, CASSE_VOL));
    }
    // Asked twice: the same cart.
    expect(cartOf(await setInsurance(phoneLine, CASSE_VOL)).Totaux).toEqual(insured.Totaux);
    const removed = cartOf(await setInsurance(phoneLine, null));
    expect(removed.Lignes.find((row) => row.IdLigne === phoneLine)).toMatchObject({ IdAssurance: null, LibelleAssurance: null, PrixAssuranceCentimes: 0 });
    expect(removed.Totaux).toEqual(before.Totaux);
  });

  it('covers a phone only within the insurance’s ceiling, and goes when the line’s phone changes to one it does not cover', async () => {
    const { phoneLine, simLine } = await freshCart();
    expectCode(await setInsurance(phoneLine, CASSE), 400, 'ADD_LINE_INSURANCE_CEILING');
    expectCode(await setInsurance(simLine, CASSE), 400, 'ADD_LINE_INSURANCE_NO_PHONE');
    expectCode(await setInsurance(phoneLine, 4999), 400, 'ADD_LINE_INSURANCE_UNAVAILABLE');
    // A cheaper phone is covered by the first one; back to the dear phone, the insurance goes.
    const cheap = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdLigne: phoneLine, IdOffreEngagement: 103, IdArticleMobile: simOnlyPhone.idArticle, Couleur: 'Gris' }));
    expect(cheap.Lignes.find((row) => row.IdLigne === phoneLine)?.IdArticleMobile).toBe(simOnlyPhone.idArticle);
    cartOf(await setInsurance(phoneLine, CASSE));
    const dear = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdLigne: phoneLine, IdOffreEngagement: 103, IdArticleMobile: phone.idArticle, Couleur: 'Noir' }));
    expect(dear.Lignes.find((row) => row.IdLigne === phoneLine)).toMatchObject({ IdAssurance: null, PrixAssuranceCentimes: 0 });
    // A wider insurance stays when the plan changes; a SIM only drops it.
    cartOf(await setInsurance(phoneLine, CASSE_VOL));
    const otherPlan = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdLigne: phoneLine, IdOffreEngagement: 101, IdArticleMobile: phone.idArticle, Couleur: 'Noir' }));
    expect(otherPlan.Lignes.find((row) => row.IdLigne === phoneLine)?.IdAssurance).toBe(CASSE_VOL);
    const simOnly = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdLigne: phoneLine, IdOffreEngagement: 101, IdArticleMobile: null, Couleur: null }));
    expect(simOnly.Lignes.find((row) => row.IdLigne === phoneLine)?.IdAssurance).toBeNull();
  });

  it('refuses malformed values and another customer, and is in the OpenAPI reference with the other order calls', async () => {
    const { phoneLine } = await freshCart();
    for (const token of [f.stranger, f.lineUser]) expectError(await setInsurance(phoneLine, CASSE_VOL, token), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await setInsurance(2_000_000_000, CASSE_VOL), 403, 'FORBIDDEN_ACCOUNT');
    for (const value of ['%00', 'abc', '4002\u0000', 99_999_999_999, -1, 0, 'x'.repeat(10_000)]) expect((await setInsurance(phoneLine, value)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/commande/assurance', { token: f.manager, json: { IdLigne: phoneLine } })).statusCode).toBe(400);
    expect((await readCart()).Lignes.find((row) => row.IdLigne === phoneLine)?.IdAssurance).toBeNull();

    const { paths } = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/commande/enregistrer', '/api/commande/assurance', '/api/commande/adresse/enregistrer/{type}', '/api/commande/validee', '/api/commande/modifiermodepaiement']),
    );
    expect(Object.keys(paths)).not.toContain('/api/ajout-lignes/commande');
    expect((await t.send('POST', '/api/ajout-lignes/commande', { token: f.manager, json: {} })).statusCode).toBe(404);
  });
});
