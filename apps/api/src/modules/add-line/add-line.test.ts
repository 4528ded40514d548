import { and, eq, gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildRio,
  cartSchema,
  checkedAddressSchema,
  communeListSchema,
  errorMessage,
  nextWorkingDay,
  portingDateResponseSchema,
  rioValidationResponseSchema,
  type Cart,
} from '@ecare/shared';
import { addDays, parisDay, weekdayOf } from '@ecare/shared/paris-time';
import { closedReason } from '@ecare/shared/appointments-calendar';
import { auditLog, subscriptionLines, subscriptions } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, useTestContext } from '../../test/harness.ts';
import { createAddLineRepository } from './add-line.repository.ts';
import { cartOf, expectCode, insertTestCatalogue, saveLine, TEST_CATALOGUE } from '../../test/support/add-line.ts';

const { t, f } = useTestContext(async (t) => {
  const demo = await demoFixture(t);
  await insertTestCatalogue(t, parisDay(t.clock.now()));
  return demo;
});

const { phone, simOnlyPhone, retiredPhone, europe, detailedInvoice, case: accessory, charger } = TEST_CATALOGUE;
const today = () => parisDay(t.clock.now());
const post = (url: string, json: unknown, token = f.manager) => t.send('POST', `/api/ajout-lignes/${url}`, { token, json });
const cartNow = async (token = f.manager, account = f.account) => cartOf(await t.get(`/api/ajout-lignes/panier/${account}`, token));

/** Empties the account's carts: each test starts from none. */
async function clearCarts(idClientBscs: number): Promise<void> {
  await createAddLineRepository(t.db).deleteCarts(idClientBscs);
}

function lineOf(cart: Cart, idLigne: number) {
  const line = cart.Lignes.find((row) => row.IdLigne === idLigne);
  if (!line) throw new Error(`no line ${idLigne}`);
  return line;
}

const lastLine = (cart: Cart) => {
  const line = cart.Lignes.at(-1);
  if (!line) throw new Error('empty cart');
  return line;
};

/** A valid RIO for a number, from another operator. */
const rioFor = (numero: string) => buildRio({ operateur: 'B4', qualite: 'E', reference: 'X12345', numero });

describe('the cart and its prices', () => {
  it('starts empty, then holds lines priced from the catalogue, frozen, whatever the browser says they cost', async () => {
    await clearCarts(f.account);
    const empty = await cartNow();
    expect(empty).toMatchObject({ IdSouscription: null, IdClientBscs: f.account, StatutSouscription: 2, Etape: 1, Lignes: [] });
    expect(empty.Totaux.ponctuel).toEqual({ htCentimes: 0, tvaCentimes: 0, ttcCentimes: 0 });

    // Two identical lines: a 5G phone in blue on eSIM, plan 102 (24,99 € HT) with the Europe option; the browser's prices are ignored.
    const first = cartOf(
      await t.send('POST', '/api/ajout-lignes/enregistrer-ligne', {
        token: f.manager,
        json: {
          IdClientBscs: f.account,
          IdOffreEngagement: 102,
          IdArticleMobile: phone.idArticle,
          Couleur: 'bleu',
          TypeSim: 'ESIM',
          Quantite: 2,
          Options: [{ IdOption: europe.idOption, PrixOption: 1 }],
          PrixMobile: 1,
        },
      }),
    );
    expect(first.IdSouscription).toEqual(expect.any(Number));
    expect(first.Lignes).toHaveLength(1);
    expect(lastLine(first)).toMatchObject({
      Quantite: 2,
      IdOffreEngagement: 102,
      LibelleOffre: 'Forfait Pro 50 Go',
      PrixMensuelCentimes: 2_499,
      IdArticleMobile: phone.idArticle,
      LibelleMobile: 'Test Phone 5G 128 Go',
      Couleur: 'Bleu',
      PrixMobileCentimes: 19_900,
      TypeSim: 'ESIM',
      ModeNumero: 'NOUVEAU',
      Options: [{ IdOption: europe.idOption, Libelle: europe.libelle, PrixOptionCentimes: 500 }],
      Promotions: [],
      PonctuelUnitaireHtCentimes: 19_900,
      MensuelUnitaireHtCentimes: 2_999,
    });
    // 2 × 199,00 € = 398,00 € HT, VAT 79,60 €; 2 × 29,99 € = 59,98 € HT a month, VAT 12,00 € (11,996 rounded).
    expect(first.Totaux).toMatchObject({
      ponctuel: { htCentimes: 39_800, tvaCentimes: 7_960, ttcCentimes: 47_760 },
      mensuel: { htCentimes: 5_998, tvaCentimes: 1_200, ttcCentimes: 7_198 },
      nombreLignes: 2,
    });

    // A second, SIM-only line joins the same cart.
    const second = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
    expect(second.IdSouscription).toBe(first.IdSouscription);
    expect(lastLine(second)).toMatchObject({ IdArticleMobile: null, Couleur: null, PrixMobileCentimes: 0, PrixMensuelCentimes: 1_499, PonctuelUnitaireHtCentimes: 0 });
    expect(second.Totaux.mensuel).toEqual({ htCentimes: 7_497, tvaCentimes: 1_499, ttcCentimes: 8_996 });

    // The catalogue changing later leaves the cart's prices as they were.
    expect(await cartNow()).toEqual(second);

    // Changing a line: plan 104, no option, one line.
    const idLigne = lastLine(first).IdLigne;
    const changed = cartOf(
      await saveLine(t, f.manager, { IdClientBscs: f.account, IdLigne: idLigne, IdOffreEngagement: 104, IdArticleMobile: phone.idArticle, Couleur: 'Noir', Quantite: 1 }),
    );
    expect(lineOf(changed, idLigne)).toMatchObject({ PrixMensuelCentimes: 5_499, Options: [], Couleur: 'Noir', TypeSim: 'SIM', Quantite: 1 });
  });

  it('refuses what the catalogue does not sell, a colour it does not have, an eSIM on a phone without, more phones than in stock', async () => {
    const account = f.account;
    expectCode(await saveLine(t, f.manager, { IdClientBscs: account, IdOffreEngagement: 201 }), 400, 'ADD_LINE_OFFER_UNAVAILABLE');
    expectCode(await saveLine(t, f.manager, { IdClientBscs: account, IdOffreEngagement: 999 }), 400, 'ADD_LINE_OFFER_UNAVAILABLE');
    expectCode(await saveLine(t, f.manager, { IdClientBscs: account, IdArticleMobile: retiredPhone.idArticle, Couleur: 'Noir' }), 400, 'ADD_LINE_PHONE_UNAVAILABLE');
    expectCode(await saveLine(t, f.manager, { IdClientBscs: account, IdArticleMobile: phone.idArticle, Couleur: 'Rose' }), 400, 'ADD_LINE_COLOUR_UNKNOWN');
    expectCode(await saveLine(t, f.manager, { IdClientBscs: account, IdArticleMobile: phone.idArticle, Couleur: null }), 400, 'ADD_LINE_COLOUR_UNKNOWN');
    expectCode(
      await saveLine(t, f.manager, { IdClientBscs: account, IdArticleMobile: simOnlyPhone.idArticle, Couleur: 'Gris', TypeSim: 'ESIM' }),
      400,
      'ADD_LINE_ESIM_UNSUPPORTED',
    );
    const stock = await saveLine(t, f.manager, { IdClientBscs: account, IdArticleMobile: phone.idArticle, Couleur: 'Noir', Quantite: 6 });
    expectCode(stock, 409, 'ADD_LINE_PHONE_OUT_OF_STOCK');
    expect(errorOf(stock).exceptionMessage).toBe('Il ne reste que 5\u00a0exemplaires de ce téléphone.');
    expectCode(await saveLine(t, f.manager, { IdClientBscs: account, Options: [{ IdOption: 3999 }] }), 400, 'ADD_LINE_OPTION_UNAVAILABLE');
  });

  it('changes the quantity of a group of lines by GET, within the stock and 1 to 100', async () => {
    await clearCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdArticleMobile: phone.idArticle, Couleur: 'Noir' }));
    const idLigne = lastLine(cart).IdLigne;
    const three = cartOf(await t.get(`/api/ajout-lignes/maj-quantite?idLigne=${idLigne}&quantite=3`, f.manager));
    expect(lineOf(three, idLigne).Quantite).toBe(3);
    expect(three.Totaux.ponctuel.htCentimes).toBe(3 * 19_900);
    expectCode(await t.get(`/api/ajout-lignes/maj-quantite?idLigne=${idLigne}&quantite=6`, f.manager), 409, 'ADD_LINE_PHONE_OUT_OF_STOCK');
    for (const query of ['quantite=0', 'quantite=101', 'quantite=abc', 'quantite=1e30', 'quantite=%00']) {
      expect((await t.get(`/api/ajout-lignes/maj-quantite?idLigne=${idLigne}&${query}`, f.manager)).statusCode).toBe(400);
    }
    for (const query of ['idLigne=0', 'idLigne=99999999999999999999', 'idLigne=%00', 'idLigne=-1']) {
      expect((await t.get(`/api/ajout-lignes/maj-quantite?${query}&quantite=1`, f.manager)).statusCode).toBe(400);
    }
  });

  it('adds accessories at the catalogue price, the automatic promotion taking 10 % off them, and removes them', async () => {
    await clearCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdArticleMobile: phone.idArticle, Couleur: 'Noir' }));
    const idLigne = lastLine(cart).IdLigne;
    const withCase = cartOf(await post('accessoire', { IdLigne: idLigne, IdArticle: accessory.idArticle, Quantite: 2 }));
    const line = lineOf(withCase, idLigne);
    expect(line.Accessoires).toEqual([{ IdArticle: accessory.idArticle, Libelle: accessory.libelle, PrixArticleCentimes: 2_499, Quantite: 2, EstAccessoire: true }]);
    // 2 × 24,99 € = 49,98 €; 10 % = 4,998 € → 5,00 €.
    expect(line.Promotions).toEqual([
      { IdPromotion: 5995, Libelle: '10 % sur les accessoires', Cible: 'ACCESSOIRE', DureeMois: null, PrixPromotionCentimes: 4_998, RemisePromotionCentimes: 500, CodePromo: null },
    ]);
    expect(line.PonctuelUnitaireHtCentimes).toBe(19_900 + 4_998 - 500);
    expect(withCase.Totaux).toMatchObject({ ponctuel: { htCentimes: 24_398, tvaCentimes: 4_880, ttcCentimes: 29_278 }, remisePonctuelleCentimes: 500 });

    expectCode(await post('accessoire', { IdLigne: idLigne, IdArticle: charger.idArticle, Quantite: 1 }), 400, 'ADD_LINE_ACCESSORY_INCOMPATIBLE');
    expectCode(await post('accessoire', { IdLigne: idLigne, IdArticle: 2998, Quantite: 1 }), 400, 'ADD_LINE_ACCESSORY_UNAVAILABLE');
    expect((await post('accessoire', { IdLigne: idLigne, IdArticle: accessory.idArticle, Quantite: 21 })).statusCode).toBe(400);

    const without = cartOf(await post('accessoire', { IdLigne: idLigne, IdArticle: accessory.idArticle, Quantite: 0 }));
    expect(lineOf(without, idLigne)).toMatchObject({ Accessoires: [], Promotions: [], PonctuelUnitaireHtCentimes: 19_900 });
  });

  it('switches SIM and eSIM, and adds and removes options', async () => {
    await clearCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdArticleMobile: simOnlyPhone.idArticle, Couleur: 'Gris' }));
    const idLigne = lastLine(cart).IdLigne;
    expectCode(await post('esim', { IdLigne: idLigne, TypeSim: 'ESIM' }), 400, 'ADD_LINE_ESIM_UNSUPPORTED');
    const simOnly = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
    const esimLine = lastLine(simOnly).IdLigne;
    expect(lineOf(cartOf(await post('esim', { IdLigne: esimLine, TypeSim: 'ESIM' })), esimLine).TypeSim).toBe('ESIM');
    expect((await post('esim', { IdLigne: esimLine, TypeSim: 'PUCE' })).statusCode).toBe(400);

    const withOption = cartOf(await post('option', { IdLigne: idLigne, IdOption: detailedInvoice.idOption, Active: true }));
    expect(lineOf(withOption, idLigne)).toMatchObject({ Options: [{ IdOption: detailedInvoice.idOption, PrixOptionCentimes: 300 }], MensuelUnitaireHtCentimes: 1_499 + 300 });
    // Twice is once.
    expect(lineOf(cartOf(await post('option', { IdLigne: idLigne, IdOption: detailedInvoice.idOption, Active: true })), idLigne).Options).toHaveLength(1);
    expectCode(await post('option', { IdLigne: idLigne, IdOption: 3998, Active: true }), 400, 'ADD_LINE_OPTION_UNAVAILABLE');
    expect(lineOf(cartOf(await post('option', { IdLigne: idLigne, IdOption: detailedInvoice.idOption, Active: false })), idLigne).Options).toEqual([]);
  });

  it('deletes a line', async () => {
    await clearCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
    const idLigne = lastLine(cart).IdLigne;
    const after = cartOf(await post('supprimer-ligne', { IdLigne: idLigne }));
    expect(after.Lignes).toEqual([]);
    expectError(await post('supprimer-ligne', { IdLigne: idLigne }), 403, 'FORBIDDEN_ACCOUNT');
  });

  it('records every change of the cart in the audit log, with the line before and after', async () => {
    await clearCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
    const idLigne = lastLine(cart).IdLigne;
    await t.get(`/api/ajout-lignes/maj-quantite?idLigne=${idLigne}&quantite=4`, f.manager);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'MODIFICATION_PANIER'), eq(auditLog.idClientBscs, f.account)));
    const details = entries.map((entry) => entry.details as { operation: string; idSouscription: number; avant: unknown; apres: unknown });
    expect(details).toContainEqual(expect.objectContaining({ operation: 'AJOUT_LIGNE', idSouscription: cart.IdSouscription, avant: null, apres: expect.objectContaining({ idLigne, quantite: 1 }) }));
    expect(details).toContainEqual({ operation: 'QUANTITE', idSouscription: cart.IdSouscription, avant: { quantite: 1 }, apres: { quantite: 4 } });
  });

  it('makes one cart of two first lines added at once', async () => {
    await clearCarts(f.account);
    const answers = await Promise.all([saveLine(t, f.manager, { IdClientBscs: f.account }), saveLine(t, f.manager, { IdClientBscs: f.account, IdOffreEngagement: 102 })]);
    const carts = answers.map(cartOf);
    expect(carts[0]?.IdSouscription).toBe(carts[1]?.IdSouscription);
    expect((await cartNow()).Lignes).toHaveLength(2);
    // Only one subscription made since (the account's others carry demo orders).
    const made = await t.db.select().from(subscriptions).where(and(eq(subscriptions.idClientBscs, f.account), gte(subscriptions.idSouscription, carts[0]?.IdSouscription ?? 0)));
    expect(made).toHaveLength(1);
  });

  it('freezes the cart once sent for payment: no change, and the next line starts a new cart', async () => {
    await clearCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
    const idLigne = lastLine(cart).IdLigne;
    await t.db.update(subscriptions).set({ etape: 5 }).where(eq(subscriptions.idSouscription, cart.IdSouscription ?? 0));
    expectCode(await t.get(`/api/ajout-lignes/maj-quantite?idLigne=${idLigne}&quantite=2`, f.manager), 409, 'ADD_LINE_CART_LOCKED');
    expectCode(await post('supprimer-ligne', { IdLigne: idLigne }), 409, 'ADD_LINE_CART_LOCKED');
    expectCode(await saveLine(t, f.manager, { IdClientBscs: f.account, IdLigne: idLigne }), 409, 'ADD_LINE_CART_LOCKED');
    expect((await cartNow()).IdSouscription).toBeNull();
    const next = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
    expect(next.IdSouscription).not.toBe(cart.IdSouscription);
  });
});

describe('promotions', () => {
  it('applies a promo code to the plan, to the cent, for its months, once, and one per kind of price', async () => {
    await clearCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdOffreEngagement: 102, IdArticleMobile: phone.idArticle, Couleur: 'Noir', Quantite: 2 }));
    const idLigne = lastLine(cart).IdLigne;

    const half = cartOf(await post('promotion', { IdLigne: idLigne, CodePromo: ' ajltestmoitie ' }));
    // 50 % of 24,99 € = 12,495 € → 12,50 €, for 6 months; 24,99 € after.
    expect(lineOf(half, idLigne).Promotions).toEqual([
      { IdPromotion: 5990, Libelle: 'Forfait à moitié prix 6 mois', Cible: 'FORFAIT', DureeMois: 6, PrixPromotionCentimes: 2_499, RemisePromotionCentimes: 1_250, CodePromo: 'AJLTESTMOITIE' },
    ]);
    expect(lineOf(half, idLigne).MensuelUnitaireHtCentimes).toBe(1_249);
    expect(half.Totaux).toMatchObject({
      mensuel: { htCentimes: 2_498, tvaCentimes: 500, ttcCentimes: 2_998 },
      mensuelSansRemise: { htCentimes: 4_998, tvaCentimes: 1_000, ttcCentimes: 5_998 },
      remiseMensuelleCentimes: 2_500,
    });
    expect(cartOf(await post('promotion', { IdLigne: idLigne, CodePromo: 'AJLTESTMOITIE' }))).toEqual(half);
    expectCode(await post('promotion', { IdLigne: idLigne, CodePromo: 'AJLTESTTROIS' }), 409, 'ADD_LINE_PROMO_ALREADY');

    const mobile = cartOf(await post('promotion', { IdLigne: idLigne, CodePromo: 'AJLTESTMOBILE' }));
    expect(lineOf(mobile, idLigne).PonctuelUnitaireHtCentimes).toBe(19_900 - 5_000);
    expect(mobile.Totaux.ponctuel).toEqual({ htCentimes: 29_800, tvaCentimes: 5_960, ttcCentimes: 35_760 });

    expectCode(await post('promotion', { IdLigne: idLigne, CodePromo: 'AJLTESTFINI' }), 400, 'CATALOGUE_PROMO_CODE_EXPIRED');
    expectCode(await post('promotion', { IdLigne: idLigne, CodePromo: 'NIMPORTEQUOI' }), 404, 'CATALOGUE_PROMO_CODE_UNKNOWN');
    expect((await post('promotion', { IdLigne: idLigne, CodePromo: "x' or 1=1 --" })).statusCode).toBe(400);
    expect((await post('promotion', { IdLigne: idLigne, CodePromo: 'A'.repeat(5_000) })).statusCode).toBe(400);

    // Removing the plan promotion, then one restricted to another plan.
    const removed = cartOf(await post('promotion/supprimer', { IdLigne: idLigne, IdPromotion: 5990 }));
    expect(lineOf(removed, idLigne).Promotions.map((promotion) => promotion.IdPromotion)).toEqual([5992]);
    expectCode(await post('promotion', { IdLigne: idLigne, CodePromo: 'AJLTEST103' }), 400, 'CATALOGUE_PROMO_CODE_NOT_APPLICABLE');

    // Moving the line to plan 103 lets it apply: 10 % of 34,99 € = 3,499 € → 3,50 €.
    const move = (IdOffreEngagement: number, IdArticleMobile: number | null) =>
      saveLine(t, f.manager, { IdClientBscs: f.account, IdLigne: idLigne, IdOffreEngagement, IdArticleMobile, Couleur: IdArticleMobile === null ? null : 'Noir', Quantite: 2 });
    cartOf(await move(103, phone.idArticle));
    const on103 = cartOf(await post('promotion', { IdLigne: idLigne, CodePromo: 'ajltest103' }));
    expect(lineOf(on103, idLigne).Promotions.map((promotion) => [promotion.IdPromotion, promotion.RemisePromotionCentimes])).toEqual([
      [5992, 5_000],
      [5994, 350],
    ]);
    // On plan 104 it no longer applies, and the catalogue's automatic 5 € a month for 12 months on that plan does.
    const on104 = cartOf(await move(104, phone.idArticle));
    expect(lineOf(on104, idLigne).Promotions.map((promotion) => [promotion.IdPromotion, promotion.RemisePromotionCentimes])).toEqual([
      [5002, 500],
      [5992, 5_000],
    ]);
    expect(on104.Totaux.mensuel.htCentimes).toBe(2 * (5_499 - 500));
    expect(on104.Totaux.mensuelSansRemise.htCentimes).toBe(2 * 5_499);
    // A phone promotion goes with the phone.
    const simOnly = cartOf(await move(104, null));
    expect(lineOf(simOnly, idLigne).Promotions.map((promotion) => promotion.IdPromotion)).toEqual([5002]);
  });
});

describe('the number: new, ported or kept', () => {
  it('checks a RIO against its number', async () => {
    const numero = '0611223344';
    const ok = bodyOf(await post('validation-rio', { rio: rioFor(numero), numero }), rioValidationResponseSchema);
    expect(ok).toEqual({ valide: true, message: '' });
    const spaced = bodyOf(await post('validation-rio', { rio: ` ${rioFor(numero).slice(0, 2)} ${rioFor(numero).slice(2).toLowerCase()}`, numero }), rioValidationResponseSchema);
    expect(spaced.valide).toBe(true);
    const other = bodyOf(await post('validation-rio', { rio: rioFor(numero), numero: '0611223345' }), rioValidationResponseSchema);
    expect(other).toEqual({ valide: false, message: errorMessage('ADD_LINE_RIO_INVALID') });
    expect(bodyOf(await post('validation-rio', { rio: 'n’importe quoi', numero: '%00' }), rioValidationResponseSchema).valide).toBe(false);
    expect((await post('validation-rio', { rio: 'A'.repeat(5_000), numero })).statusCode).toBe(400);
    expectError(await t.send('POST', '/api/ajout-lignes/validation-rio', { json: { rio: rioFor(numero), numero } }), 401, 'UNAUTHENTICATED');
  });

  it('tells whether a porting date may be chosen: one working day ahead at least, no Sunday, no public holiday, within 59 days', async () => {
    const min = nextWorkingDay(today());
    const check = async (date: string) => bodyOf(await t.get(`/api/ajout-lignes/date-portage?date=${date}`, f.manager), portingDateResponseSchema);
    expect(await check(min)).toEqual({ valide: true, message: '', datePortageMin: min, datePortageMax: addDays(today(), 59) });
    const tooSoon = await check(today());
    expect(tooSoon.valide).toBe(false);
    expect(tooSoon.message).toBe(errorMessage('ADD_LINE_PORTING_DATE_TOO_SOON', { date: min }));
    let sunday = addDays(today(), 2);
    while (weekdayOf(sunday) !== 0) sunday = addDays(sunday, 1);
    expect(await check(sunday)).toMatchObject({ valide: false, message: errorMessage('ADD_LINE_PORTING_DATE_CLOSED', { libelle: closedReason(sunday)?.libelle ?? '' }) });
    expect((await check(addDays(today(), 60))).message).toBe(errorMessage('ADD_LINE_PORTING_DATE_TOO_LATE', { date: addDays(today(), 59) }));
    for (const date of ['2026-02-30', '22/11/2026', '%00', 'x'.repeat(3_000)]) {
      expect((await t.get(`/api/ajout-lignes/date-portage?date=${date}`, f.manager)).statusCode).toBe(400);
    }
  });

  it('ports a number on a single line, its RIO matching it and its date a working day ahead', async () => {
    await clearCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, Quantite: 2 }));
    const idLigne = lastLine(cart).IdLigne;
    const IdSouscription = cart.IdSouscription ?? 0;
    const numero = '0699887766';
    const date = nextWorkingDay(today());
    const port = (LignePNM: { DatePortage: string; Msisdn: string; Rio: string }, IdLigne = idLigne) => post('portabilite', { IdSouscription, IdLigne, LignePNM });

    expectCode(await port({ DatePortage: date, Msisdn: numero, Rio: rioFor(numero) }), 400, 'ADD_LINE_PORTABILITY_SINGLE');
    cartOf(await t.get(`/api/ajout-lignes/maj-quantite?idLigne=${idLigne}&quantite=1`, f.manager));
    expectCode(await port({ DatePortage: date, Msisdn: numero, Rio: rioFor('0699887765') }), 400, 'ADD_LINE_RIO_INVALID');
    expectCode(await port({ DatePortage: today(), Msisdn: numero, Rio: rioFor(numero) }), 400, 'ADD_LINE_PORTING_DATE_TOO_SOON');
    let sunday = addDays(today(), 2);
    while (weekdayOf(sunday) !== 0) sunday = addDays(sunday, 1);
    expectCode(await port({ DatePortage: sunday, Msisdn: numero, Rio: rioFor(numero) }), 400, 'ADD_LINE_PORTING_DATE_CLOSED');
    expect((await port({ DatePortage: date, Msisdn: '0123456789', Rio: rioFor('0123456789') })).statusCode).toBe(400);
    const fleetNumber = f.colleague(0).numeroLigne;
    expectCode(await port({ DatePortage: date, Msisdn: fleetNumber, Rio: rioFor(fleetNumber) }), 409, 'ADD_LINE_NUMBER_IN_USE');

    const ported = cartOf(await port({ DatePortage: date, Msisdn: '06 99 88 77 66', Rio: rioFor(numero).toLowerCase() }));
    expect(lineOf(ported, idLigne)).toMatchObject({ ModeNumero: 'PORTABILITE', Msisdn: numero, DatePortage: date });
    const [stored] = await t.db.select().from(subscriptionLines).where(eq(subscriptionLines.idLigne, idLigne));
    expect(stored?.rio).toBe(rioFor(numero));
    expectCode(await t.get(`/api/ajout-lignes/maj-quantite?idLigne=${idLigne}&quantite=2`, f.manager), 400, 'ADD_LINE_PORTABILITY_SINGLE');

    // The same number on another line of the cart is refused.
    const other = lastLine(cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account })));
    expectCode(await port({ DatePortage: date, Msisdn: numero, Rio: rioFor(numero) }, other.IdLigne), 409, 'ADD_LINE_NUMBER_IN_USE');
    // The cart named must be the line's.
    expectError(await post('portabilite', { IdSouscription: IdSouscription + 1, IdLigne: idLigne, LignePNM: { DatePortage: date, Msisdn: numero, Rio: rioFor(numero) } }), 403, 'FORBIDDEN_ACCOUNT');

    // Keeping a number instead (free-number variant), then back to a new number.
    const kept = cartOf(await post('conservation-numero', { IdLigne: other.IdLigne, Msisdn: '0711223344', Rio: rioFor('0711223344'), InscriptionAnnuaire: true }));
    expect(lineOf(kept, other.IdLigne)).toMatchObject({ ModeNumero: 'CONSERVATION', Msisdn: '0711223344', DatePortage: null, InscriptionAnnuaire: true });
    expectCode(await post('conservation-numero', { IdLigne: other.IdLigne, Msisdn: '0711223344', Rio: rioFor('0711223345'), InscriptionAnnuaire: false }), 400, 'ADD_LINE_RIO_INVALID');
    const fresh = cartOf(await post('nouveau-numero', { IdLigne: other.IdLigne }));
    expect(lineOf(fresh, other.IdLigne)).toMatchObject({ ModeNumero: 'NOUVEAU', Msisdn: null, InscriptionAnnuaire: false });
  });
});

describe('addresses', () => {
  it('lists the communes of a postal code from the offline table', async () => {
    const communes = bodyOf(await t.get('/api/ajout-lignes/communes/33000', f.manager), communeListSchema);
    expect(communes).toEqual([{ codeInsee: '33063', nom: 'Bordeaux', codePostal: '33000' }]);
    const several = bodyOf(await t.get('/api/ajout-lignes/communes/01400', f.manager), communeListSchema);
    expect(several.length).toBeGreaterThan(3);
    // eslint-disable-next-line no-restricted-syntax -- the commune's official name
    expect(several.map((commune) => commune.nom)).toContain('L\'Abergement-Clémenciat');
    expect(bodyOf(await t.get('/api/ajout-lignes/communes/00000', f.manager), communeListSchema)).toEqual([]);
    for (const code of ['7500', '750011', 'abcde', '%00']) {
      expect((await t.get(`/api/ajout-lignes/communes/${code}`, f.manager)).statusCode).toBe(400);
    }
    // Longer than any path parameter: the router's answer (decision 020).
    expect((await t.get(`/api/ajout-lignes/communes/${'1'.repeat(3_000)}`, f.manager)).statusCode).toBe(414);
    expectError(await t.get('/api/ajout-lignes/communes/33000'), 401, 'UNAUTHENTICATED');
  });

  it('checks an address: a street, and a city of the postal code (accents and case aside)', async () => {
    const address = { destinataire: 'Boulangerie Martin', numero: '12', voie: 'rue de la République', complement: '', codePostal: '69002', ville: 'lyon' };
    expect(bodyOf(await post('adresse/verifier', address), checkedAddressSchema)).toEqual({ ...address, ville: 'Lyon', codeInsee: '69123' });
    const saint = bodyOf(await post('adresse/verifier', { ...address, codePostal: '42000', ville: 'St Etienne' }), checkedAddressSchema);
    expect(saint).toMatchObject({ ville: 'Saint-Étienne', codeInsee: '42218' });
    expectCode(await post('adresse/verifier', { ...address, ville: 'Marseille' }), 400, 'ADDRESS_CITY_MISMATCH');
    expectCode(await post('adresse/verifier', { ...address, codePostal: '00000' }), 400, 'ADDRESS_POSTCODE_UNKNOWN');
    expect((await post('adresse/verifier', { ...address, voie: '   ' })).statusCode).toBe(400);
    expect((await post('adresse/verifier', { ...address, voie: 'x'.repeat(10_000) })).statusCode).toBe(400);
    expect((await post('adresse/verifier', { ...address, codePostal: '69 002' })).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('answers 403 to anyone who does not manage the account, for the cart and each of its lines, unknown ids alike', async () => {
    await clearCarts(f.account);
    const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account }));
    const idLigne = lastLine(cart).IdLigne;
    const numero = '0655443322';
    const date = nextWorkingDay(today());
    const lineRequests = (IdLigne: number): [string, unknown][] => [
      ['accessoire', { IdLigne, IdArticle: accessory.idArticle, Quantite: 1 }],
      ['esim', { IdLigne, TypeSim: 'ESIM' }],
      ['option', { IdLigne, IdOption: europe.idOption, Active: true }],
      ['promotion', { IdLigne, CodePromo: 'AJLTESTMOITIE' }],
      ['promotion/supprimer', { IdLigne, IdPromotion: 5990 }],
      ['supprimer-ligne', { IdLigne }],
      ['portabilite', { IdSouscription: cart.IdSouscription, IdLigne, LignePNM: { DatePortage: date, Msisdn: numero, Rio: rioFor(numero) } }],
      ['conservation-numero', { IdLigne, Msisdn: numero, Rio: rioFor(numero), InscriptionAnnuaire: false }],
      ['nouveau-numero', { IdLigne }],
    ];
    for (const token of [f.stranger, f.lineUser, f.mandataire]) {
      expectError(await t.get(`/api/ajout-lignes/panier/${f.account}`, token), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await saveLine(t, token, { IdClientBscs: f.account }), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.get(`/api/ajout-lignes/maj-quantite?idLigne=${idLigne}&quantite=2`, token), 403, 'FORBIDDEN_ACCOUNT');
      for (const [url, json] of lineRequests(idLigne)) expectError(await post(url, json, token), 403, 'FORBIDDEN_ACCOUNT');
    }
    // Someone else's line named with one's own account.
    const strangerLine = lastLine(cartOf(await saveLine(t, f.stranger, { IdClientBscs: f.strangerAccount })));
    expectError(await saveLine(t, f.manager, { IdClientBscs: f.account, IdLigne: strangerLine.IdLigne }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await saveLine(t, f.manager, { IdClientBscs: f.notManaged }), 403, 'FORBIDDEN_ACCOUNT');
    for (const [url, json] of lineRequests(2_000_000_000)) expectError(await post(url, json), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get('/api/ajout-lignes/maj-quantite?idLigne=2000000000&quantite=1', f.manager), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get('/api/ajout-lignes/panier/2000000000', f.manager), 403, 'FORBIDDEN_ACCOUNT');

    // Nothing changed in the cart.
    expect(await cartNow()).toEqual(cart);
    expectError(await t.get(`/api/ajout-lignes/panier/${f.account}`), 401, 'UNAUTHENTICATED');
  });

  it('answers 400, never 5xx, to malformed ids and bodies', async () => {
    for (const id of ['abc', '%00', '0', '-5', '1.5', '99999999999999999999']) {
      expect((await t.get(`/api/ajout-lignes/panier/${id}`, f.manager)).statusCode).toBe(400);
    }
    const bad: unknown[] = [
      {},
      { IdClientBscs: f.account, IdOffreEngagement: 101, IdArticleMobile: null, Couleur: null, TypeSim: 'SIM', Quantite: 1e20, Options: [] },
      { IdClientBscs: f.account, IdOffreEngagement: 101, IdArticleMobile: null, Couleur: 'x'.repeat(1_000), TypeSim: 'SIM', Quantite: 1, Options: [] },
      { IdClientBscs: f.account, IdOffreEngagement: 101, IdArticleMobile: null, Couleur: null, TypeSim: 'SIM', Quantite: 1, Options: Array.from({ length: 50 }, (_, i) => ({ IdOption: i + 1 })) },
      { IdClientBscs: '1; drop table subscriptions', IdOffreEngagement: 101, IdArticleMobile: null, Couleur: null, TypeSim: 'SIM', Quantite: 1 },
    ];
    for (const json of bad) expect((await post('enregistrer-ligne', json)).statusCode).toBe(400);
    const withNul = await t.app.inject({
      method: 'POST',
      url: '/api/ajout-lignes/supprimer-ligne',
      headers: { authorization: `Bearer ${f.manager}`, 'x-xsrf-token': 'x', 'content-type': 'application/json' },
      cookies: { 'XSRF-TOKEN': 'x' },
      payload: '{"IdLigne":"1\\u0000"}',
    });
    expect(withNul.statusCode).toBe(400);
    expect(cartSchema.safeParse((await t.get(`/api/ajout-lignes/panier/${f.account}`, f.manager)).json()).success).toBe(true);
  });
});
