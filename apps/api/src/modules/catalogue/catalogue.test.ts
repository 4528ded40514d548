import { afterEach, describe, expect, it } from 'vitest';
import {
  accessoryListSchema,
  insuranceListSchema,
  nonWorkingDayListSchema,
  optionFamilyListSchema,
  optionListSchema,
  phoneListSchema,
  phonePriceSchema,
  planChangeTargetsSchema,
  planListSchema,
  pointOfSaleListSchema,
  promoCodeCheckSchema,
  promotionListSchema,
} from '@ecare/shared';
import { parisInstant } from '@ecare/shared/paris-time';
import { CATALOG_PHONES, OFFERS, POINTS_OF_SALE } from '../../db/reference/index.ts';
import { bodyOf, errorOf, expectError, openApiDocumentSchema, useTestContext } from '../../test/harness.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { PROMO_CODE_QUOTA } from './catalogue.service.ts';

const { t, f } = useTestContext(demoFixture);

let origin: Date | null = null;

/**
 * Moves the test clock to noon (Paris) of `day` and answers a manager's token of that day (the
 * sessions of the fixture would have expired on a later day); the clock is put back after the test.
 */
async function managerOn(day: string): Promise<string> {
  origin ??= t.clock.now();
  t.clock.advance(parisInstant(day, 12).getTime() - t.clock.now().getTime());
  return t.loginAs('gestionnaire');
}

/** An error whose message shows values (a date, a delay): its status and code. */
function expectCode(response: Awaited<ReturnType<typeof t.get>>, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response).code).toBe(code);
}

afterEach(() => {
  if (origin) t.clock.advance(origin.getTime() - t.clock.now().getTime());
  origin = null;
});

const phones = (query = '', plan = 102, availability = 'tous', account = f.account, token = f.manager) =>
  t.get(`/api/mobiles/${account}/${plan}/${availability}${query}`, token);

describe('GET /api/mobiles/{idClientBscs}/{idOffreEngagement}/{disponibilite}', () => {
  it('lists the phones with their price for the plan’s commitment, alone and with a 24-month plan, to the cent', async () => {
    const list = bodyOf(await phones(), phoneListSchema);
    expect(list.mobiles).toHaveLength(CATALOG_PHONES.length);
    expect(list.idOffreEngagement).toBe(102);
    expect(list.engagementMois).toBe(24);
    expect(list.marques).toEqual(['Apple', 'Crosscall', 'Fairphone', 'Google', 'Honor', 'Motorola', 'Nothing', 'Samsung', 'Xiaomi']);
    const first = list.mobiles.find((phone) => phone.idArticle === 1001);
    expect(first).toMatchObject({
      marque: 'Apple',
      esim: true,
      cinqG: true,
      prix: { htCentimes: 32900, tvaCentimes: 6580, ttcCentimes: 39480 },
      prixNu: { htCentimes: 80750, tvaCentimes: 16150, ttcCentimes: 96900 },
      disponible: true,
      image: '/catalogue/iphone-17.svg',
    });

    // Without commitment (plan 107): the price alone; 12 months (108): less half the subsidy; alone (0).
    const noCommitment = bodyOf(await phones('', 107), phoneListSchema).mobiles.find((phone) => phone.idArticle === 1001);
    expect(noCommitment?.prix.htCentimes).toBe(80750);
    const twelve = bodyOf(await phones('', 108), phoneListSchema).mobiles.find((phone) => phone.idArticle === 1001);
    expect(twelve?.prix).toEqual({ htCentimes: 56825, tvaCentimes: 11365, ttcCentimes: 68190 });
    const alone = bodyOf(await phones('', 0), phoneListSchema);
    expect(alone.idOffreEngagement).toBeNull();
    expect(alone.mobiles.find((phone) => phone.idArticle === 1001)?.prix.htCentimes).toBe(80750);
  });

  it('filters by brand, 5G, eSIM and price, sorts, and leaves out phones out of stock when asked', async () => {
    const samsung5g = bodyOf(await phones('?marque=samsung&cinqG=true&tri=prix-croissant'), phoneListSchema).mobiles;
    expect(samsung5g.map((phone) => phone.modele)).toEqual(['Galaxy A56 5G', 'Galaxy XCover7 Pro', 'Galaxy S25 FE', 'Galaxy S25', 'Galaxy Z Flip7', 'Galaxy S25 Ultra']);
    const noEsim = bodyOf(await phones('?esim=false'), phoneListSchema).mobiles;
    expect(noEsim.every((phone) => !phone.esim)).toBe(true);
    expect(noEsim.length).toBeGreaterThan(0);
    const between = bodyOf(await phones('?prixMin=100&prixMax=300&tri=prix-decroissant'), phoneListSchema).mobiles;
    expect(between.length).toBeGreaterThan(0);
    for (const phone of between) expect(phone.prix.htCentimes).toBeGreaterThanOrEqual(10000);
    for (const phone of between) expect(phone.prix.htCentimes).toBeLessThanOrEqual(30000);
    expect(between.map((phone) => phone.prix.htCentimes)).toEqual([...between.map((phone) => phone.prix.htCentimes)].sort((a, b) => b - a));
    const byName = bodyOf(await phones('?marque=Google,Apple&tri=nom'), phoneListSchema).mobiles;
    expect(byName.map((phone) => `${phone.marque} ${phone.modele}`)).toEqual([
      'Apple iPhone 16e',
      'Apple iPhone 17',
      'Apple iPhone 17 Pro',
      'Apple iPhone 17 Pro Max',
      'Apple iPhone Air',
      'Google Pixel 9a',
      'Google Pixel 10',
      'Google Pixel 10 Pro',
    ]);
    const inStock = bodyOf(await phones('', 102, 'en-stock'), phoneListSchema).mobiles;
    expect(inStock.every((phone) => phone.stock > 0)).toBe(true);
    expect(inStock.length).toBeLessThan(CATALOG_PHONES.length);
  });

  it('refuses malformed parameters with a French message, never a 5xx', async () => {
    for (const url of [
      `/api/mobiles/abc/102/tous`,
      `/api/mobiles/${f.account}/-1/tous`,
      `/api/mobiles/${f.account}/102/partout`,
      `/api/mobiles/99999999999999999999/102/tous`,
      `/api/mobiles/${f.account}/1e400/tous`,
      `/api/mobiles/${f.account}/102/tous?prixMax=abc`,
      `/api/mobiles/${f.account}/102/tous?cinqG=oui`,
      `/api/mobiles/${f.account}/102/tous?tri=hasard`,
      `/api/mobiles/${f.account}/102/tous?marque=%00`,
      `/api/mobiles/${f.account}/102/tous%00`,
    ]) {
      const response = await t.get(url, f.manager);
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).exceptionMessage, url).toMatch(/[a-zé]/);
    }
    expectError(await phones('', 999), 404, 'CATALOGUE_OFFER_NOT_FOUND');
    expectError(await phones('', 201), 404, 'CATALOGUE_OFFER_NOT_FOUND');
  });

  it('is for the managers of the account only', async () => {
    expectError(await t.get(`/api/mobiles/${f.account}/102/tous`), 401, 'UNAUTHENTICATED');
    expectError(await phones('', 102, 'tous', f.account, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await phones('', 102, 'tous', f.account, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await phones('', 102, 'tous', f.notManaged, f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await phones('', 102, 'tous', 2_000_000_000), 403, 'FORBIDDEN_ACCOUNT');
  });
});

describe('GET /api/forfaits/{idClientBscs}/{idGamme} and /api/forfait/{idClientBscs}/{idContrat}', () => {
  it('lists the plans sold in a range, with commitment, zones and prices, filtered by commitment', async () => {
    const plans = bodyOf(await t.get(`/api/forfaits/${f.account}/1`, f.manager), planListSchema);
    const sold = OFFERS.filter((offer) => offer.idGamme === 1 && offer.commercialise);
    expect(plans.map((plan) => plan.idOffreEngagement).sort()).toEqual(sold.map((offer) => offer.idOffreEngagement).sort());
    expect(plans.find((plan) => plan.idOffreEngagement === 105)).toBeUndefined();
    expect(plans.find((plan) => plan.idOffreEngagement === 102)).toMatchObject({
      engagementMois: 24,
      zones: ['France', 'Europe'],
      prixMensuel: { htCentimes: 2499, tvaCentimes: 500, ttcCentimes: 2999 },
    });
    expect(new Set(plans.map((plan) => plan.engagementMois))).toEqual(new Set([0, 12, 24]));
    const noCommitment = bodyOf(await t.get(`/api/forfaits/${f.account}/1?engagement=0`, f.manager), planListSchema);
    expect(noCommitment.every((plan) => plan.engagementMois === 0)).toBe(true);
    expect(noCommitment.length).toBeGreaterThan(0);
    expect((await t.get(`/api/forfaits/${f.account}/3`, f.manager)).statusCode).toBe(400);
    expect((await t.get(`/api/forfaits/${f.account}/1?engagement=6`, f.manager)).statusCode).toBe(400);
    expectError(await t.get(`/api/forfaits/${f.account}/1`, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
  });

  it('gives the plans a line may move to, with the monthly difference, to who may touch the line', async () => {
    const line = f.colleague(0);
    const targets = bodyOf(await t.get(`/api/forfait/${f.account}/${line.idContrat}`, f.manager), planChangeTargetsSchema);
    expect(targets.actuel.idOffreEngagement).toBe(line.idOffreEngagement);
    expect(targets.cibles.map((plan) => plan.idOffreEngagement)).not.toContain(line.idOffreEngagement);
    expect(targets.cibles.map((plan) => plan.idOffreEngagement)).not.toContain(105);
    for (const target of targets.cibles) {
      expect(target.differenceMensuelleCentimes).toBe(target.prixMensuel.htCentimes - targets.actuel.prixMensuel.htCentimes);
      expect(target.id_Gamme).toBe(targets.actuel.id_Gamme);
    }
    // A line's own user reaches it; another customer, another line or another account do not.
    expect((await t.get(`/api/forfait/${f.account}/${f.own.idContrat}`, f.lineUser)).statusCode).toBe(200);
    expectError(await t.get(`/api/forfait/${f.account}/${line.idContrat}`, f.lineUser), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get(`/api/forfait/${f.account}/${line.idContrat}`, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get(`/api/forfait/${f.strangerAccount}/${line.idContrat}`, f.manager), 403, 'CATALOGUE_CONTRACT_NOT_OF_ACCOUNT');
    expectError(await t.get(`/api/forfait/${f.account}/2147483647`, f.manager), 403, 'FORBIDDEN_CONTRACT');
    expect((await t.get(`/api/forfait/${f.account}/2147483648`, f.manager)).statusCode).toBe(400);
  });
});

describe('GET /api/mobiles/prix (price query)', () => {
  it('prices a phone for the target plan, with a promo code, to the cent', async () => {
    const manager = await managerOn('2026-06-15');
    const price = bodyOf(await t.get('/api/mobiles/prix?IdArticle=1001&IdOffreEngCible=102&CodePromo=iphone17', manager), phonePriceSchema);
    expect(price).toMatchObject({
      idArticle: 1001,
      idOffreEngCible: 102,
      engagementMois: 24,
      prix: { htCentimes: 32900, tvaCentimes: 6580, ttcCentimes: 39480 },
      remiseCentimes: 10000,
      prixRemise: { htCentimes: 22900, tvaCentimes: 4580, ttcCentimes: 27480 },
    });
    expect(price.promotion?.idPromotion).toBe(5004);
    const alone = bodyOf(await t.get('/api/mobiles/prix?IdArticle=1006', manager), phonePriceSchema);
    expect(alone).toMatchObject({ engagementMois: null, prix: { htCentimes: 74900 }, remiseCentimes: 0, promotion: null });
    expectError(await t.get('/api/mobiles/prix?IdArticle=1006&CodePromo=IPHONE17', manager), 400, 'CATALOGUE_PROMO_CODE_NOT_APPLICABLE');
    expectError(await t.get('/api/mobiles/prix?IdArticle=1006&CodePromo=PRO2026', manager), 400, 'CATALOGUE_PROMO_CODE_NOT_APPLICABLE');
    expectError(await t.get('/api/mobiles/prix?IdArticle=1999', f.manager), 404, 'CATALOGUE_PHONE_NOT_FOUND');
    expectError(await t.get('/api/mobiles/prix?IdArticle=1001&IdOffreEngCible=105', f.manager), 400, 'CATALOGUE_OFFER_NOT_SOLD');
    expectError(await t.get('/api/mobiles/prix?IdArticle=1001&IdOffreEngCible=777', f.manager), 404, 'CATALOGUE_OFFER_NOT_FOUND');
  });

  it('takes the line’s plan as the current one for a new phone, for who reaches the line', async () => {
    const line = f.colleague(1);
    const price = bodyOf(await t.get(`/api/mobiles/prix?IdArticle=1013&IdContrat=${line.idContrat}&IdOffreEngCible=107`, f.manager), phonePriceSchema);
    expect(price).toMatchObject({ idContrat: line.idContrat, idOffreEngActuelle: line.idOffreEngagement, idOffreEngCible: 107, engagementMois: 0, prix: { htCentimes: 74900 } });
    const other = line.idOffreEngagement === 101 ? 102 : 101;
    expectError(await t.get(`/api/mobiles/prix?IdArticle=1013&IdContrat=${line.idContrat}&IdOffreEngActuelle=${other}`, f.manager), 400, 'CATALOGUE_OFFER_NOT_OF_CONTRACT');
    expectError(await t.get(`/api/mobiles/prix?IdArticle=1013&IdContrat=${line.idContrat}`, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get('/api/mobiles/prix?IdArticle=1013', f.lineUser), 403, 'CATALOGUE_NO_MANAGED_ACCOUNT');
    for (const query of ['IdArticle=abc', 'IdArticle=1001&CodePromo=%00', 'IdArticle=1001&CodePromo=' + 'A'.repeat(31), 'IdArticle=1001&IdContrat=-3', 'IdArticle=1e308', '']) {
      expect((await t.get(`/api/mobiles/prix?${query}`, f.manager)).statusCode, query).toBe(400);
    }
  });
});

describe('promotions and promo codes', () => {
  it('lists the promotions of the day without their codes', async () => {
    let manager = await managerOn('2026-06-15');
    const list = bodyOf(await t.get('/api/promotions', manager), promotionListSchema);
    expect(list.map((promotion) => promotion.idPromotion)).toEqual([5001, 5002, 5003, 5004, 5005]);
    expect(JSON.stringify(list)).not.toContain('"codePromo"');
    const forPlan = bodyOf(await t.get('/api/promotions?cible=FORFAIT&idOffreEngagement=102', manager), promotionListSchema);
    expect(forPlan.map((promotion) => promotion.idPromotion)).toEqual([5001]);
    expect((await t.get('/api/promotions?cible=TOUT', manager)).statusCode).toBe(400);
    manager = await managerOn('2027-04-01');
    const later = bodyOf(await t.get('/api/promotions', manager), promotionListSchema);
    expect(later.map((promotion) => promotion.idPromotion)).toEqual([5002, 5007]);
  });

  it('checks a code against its dates, first and last days included', async () => {
    const check = async (day: string, code: string, query = '') => t.get(`/api/promotions/code/${code}${query}`, await managerOn(day));
    const ok = bodyOf(await check('2026-01-01', 'pro2026'), promoCodeCheckSchema);
    expect(ok).toMatchObject({ idPromotion: 5001, codePromo: 'PRO2026', type: 'POURCENTAGE', valeur: 2000, dureeMois: 6 });
    expect((await check('2026-12-31', 'PRO2026')).statusCode).toBe(200);
    const expired = await check('2027-01-01', 'PRO2026');
    expectCode(expired, 400, 'CATALOGUE_PROMO_CODE_EXPIRED');
    expect(errorOf(expired).exceptionMessage).toBe('Ce code promotionnel n’est plus valable depuis le 31/12/2026.');
    const early = await check('2025-12-31', 'PRO2026');
    expectCode(early, 400, 'CATALOGUE_PROMO_CODE_NOT_STARTED');
    expect(errorOf(early).exceptionMessage).toBe('Ce code promotionnel n’est valable qu’à partir du 01/01/2026.');
    const manager = await managerOn('2026-06-15');
    expectCode(await t.get('/api/promotions/code/ETE2025', manager), 400, 'CATALOGUE_PROMO_CODE_EXPIRED');
    expectError(await t.get('/api/promotions/code/INCONNU', manager), 404, 'CATALOGUE_PROMO_CODE_UNKNOWN');
    expectError(await t.get('/api/promotions/code/IPHONE17?idArticle=1006', manager), 400, 'CATALOGUE_PROMO_CODE_NOT_APPLICABLE');
    expect((await t.get('/api/promotions/code/IPHONE17?idArticle=1001', manager)).statusCode).toBe(200);
    expect((await t.get('/api/promotions/code/%27%3B--', manager)).statusCode).toBe(400);
    expect((await t.get('/api/promotions/code/PRO%002026', manager)).statusCode).toBe(400);
  });

  it('checks codes for managers only', async () => {
    expectError(await t.get('/api/promotions/code/PRO2026', f.lineUser), 403, 'CATALOGUE_NO_MANAGED_ACCOUNT');
    expectError(await t.get('/api/promotions/code/PRO2026'), 401, 'UNAUTHENTICATED');
  });

  it('limits the codes one user may try', async () => {
    const token = await t.loginAs('mandataire');
    let last = await t.get('/api/promotions/code/ESSAI1', token);
    for (let attempt = 2; attempt <= PROMO_CODE_QUOTA.max + 1; attempt += 1) last = await t.get(`/api/promotions/code/ESSAI${attempt}`, token);
    expectCode(last, 429, 'CATALOGUE_PROMO_CODE_TOO_MANY');
    expect(last.headers['retry-after']).toBeDefined();
  });
});

describe('options, accessories, insurances, non-working days, points of sale', () => {
  it('lists the options by family, and one family, cacheable', async () => {
    const response = await t.get('/api/options', f.manager);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const families = bodyOf(response, optionFamilyListSchema);
    expect(families.map((family) => family.slug)).toEqual([
      'international',
      'europe',
      'suisse-andorre',
      'satellite',
      'zone-affaires',
      'zone-etendue',
      'zone-non-groupee',
      'blocage-numeros-speciaux',
      'facture-detaillee',
      'internet-4g',
      'internet-5g',
      'tarif-minute',
    ]);
    for (const family of families) expect(family.options.length, family.slug).toBeGreaterThan(0);
    const europe = bodyOf(await t.get('/api/options/europe', f.manager), optionListSchema);
    expect(europe.map((option) => option.idOption)).toEqual([3003, 3004]);
    expect(europe[0]?.prixMensuel).toEqual({ htCentimes: 500, tvaCentimes: 100, ttcCentimes: 600 });
    // The withdrawn 1 Go option is not offered.
    expect(bodyOf(await t.get('/api/options/internet-4g', f.manager), optionListSchema).map((option) => option.idOption)).toEqual([3012]);
    expect((await t.get('/api/options/lune', f.manager)).statusCode).toBe(400);
    expectError(await t.get('/api/options', f.lineUser), 403, 'CATALOGUE_NO_MANAGED_ACCOUNT');
    expect((await t.get('/api/options', f.lineUser)).headers['cache-control']).toBe('no-store');
  });

  it('lists accessories, those that fit a phone, and insurances covering its price', async () => {
    const all = bodyOf(await t.get('/api/accessoires', f.manager), accessoryListSchema);
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(all.some((accessory) => !accessory.disponible)).toBe(true);
    const forGalaxy = bodyOf(await t.get('/api/accessoires?idArticle=1006', f.manager), accessoryListSchema);
    expect(forGalaxy.map((accessory) => accessory.idArticle)).toContain(2002);
    expect(forGalaxy.map((accessory) => accessory.idArticle)).not.toContain(2001);
    const insurances = bodyOf(await t.get('/api/assurances', f.manager), insuranceListSchema);
    expect(insurances).toHaveLength(3);
    // iPhone 17 Pro Max: 1 407,50 € alone, over the ceilings of the first two.
    const forMax = bodyOf(await t.get('/api/assurances?idArticle=1003', f.manager), insuranceListSchema);
    expect(forMax.map((insurance) => insurance.idAssurance)).toEqual([4003]);
    expect(forMax[0]?.prixMensuel).toEqual({ htCentimes: 1165, tvaCentimes: 233, ttcCentimes: 1398 });
    expectError(await t.get('/api/assurances?idArticle=1500', f.manager), 404, 'CATALOGUE_PHONE_NOT_FOUND');
    expect((await t.get('/api/accessoires?idArticle=0', f.manager)).statusCode).toBe(400);
    expectError(await t.get('/api/accessoires', f.lineUser), 403, 'CATALOGUE_NO_MANAGED_ACCOUNT');
  });

  it('gives Sundays and public holidays of a period', async () => {
    const days = bodyOf(await t.get('/api/jours-non-ouvres?debut=2026-12-20&fin=2027-01-03', f.manager), nonWorkingDayListSchema);
    expect(days).toEqual([
      { date: '2026-12-20', raison: 'DIMANCHE', libelle: 'Dimanche' },
      { date: '2026-12-25', raison: 'JOUR_FERIE', libelle: 'Noël' },
      { date: '2026-12-27', raison: 'DIMANCHE', libelle: 'Dimanche' },
      { date: '2027-01-01', raison: 'JOUR_FERIE', libelle: 'Jour de l’an' },
      { date: '2027-01-03', raison: 'DIMANCHE', libelle: 'Dimanche' },
    ]);
    expectError(await t.get('/api/jours-non-ouvres?debut=2027-01-03&fin=2026-12-20', f.manager), 400, 'CATALOGUE_PERIOD_INVALID');
    expectError(await t.get('/api/jours-non-ouvres?debut=2026-01-01&fin=2027-06-01', f.manager), 400, 'CATALOGUE_PERIOD_INVALID');
    expect((await t.get('/api/jours-non-ouvres?debut=2026-02-30&fin=2026-03-01', f.manager)).statusCode).toBe(400);
    expect((await t.get('/api/jours-non-ouvres?debut=99999-01-01&fin=2026-03-01', f.manager)).statusCode).toBe(400);
  });

  it('lists the points of sale, by postal code or department', async () => {
    const all = bodyOf(await t.get('/api/points-de-vente', f.manager), pointOfSaleListSchema);
    expect(all).toHaveLength(POINTS_OF_SALE.length);
    const paris = bodyOf(await t.get('/api/points-de-vente?codePostal=75', f.manager), pointOfSaleListSchema);
    expect(paris.map((point) => point.ville)).toEqual(['Paris']);
    expect((await t.get('/api/points-de-vente?codePostal=7a', f.manager)).statusCode).toBe(400);
    expectError(await t.get('/api/points-de-vente'), 401, 'UNAUTHENTICATED');
  });

  it('sorts the points of sale by distance from the account’s address, nearest first: Dijon’s shop first for the Dijon bakery', async () => {
    const shops = bodyOf(await t.get(`/api/points-de-vente?idClientBscs=${f.account}`, f.manager), pointOfSaleListSchema);
    expect(shops).toHaveLength(POINTS_OF_SALE.length);
    expect(shops[0]).toMatchObject({ nom: 'Boutique Dijon Liberté', ville: 'Dijon' });
    expect(shops[0]?.distanceKm).toBeLessThan(5);
    // Then Lyon (about 175 km) before Paris (about 260 km); Nice among the furthest.
    const cities = shops.map((shop) => shop.ville);
    expect(cities[1]).toBe('Lyon');
    expect(cities.indexOf('Paris')).toBeLessThan(cities.indexOf('Nice'));
    const distances = shops.map((shop) => shop.distanceKm ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[1]).toBeGreaterThan(150);
    expect(distances[1]).toBeLessThan(200);
    // Filtered by department as before, sorted the same way; the account must be the caller's.
    expect(bodyOf(await t.get(`/api/points-de-vente?codePostal=75&idClientBscs=${f.account}`, f.manager), pointOfSaleListSchema).map((shop) => shop.ville)).toEqual(['Paris']);
    expectError(await t.get(`/api/points-de-vente?idClientBscs=${f.account}`, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(`/api/points-de-vente?idClientBscs=${f.notManaged}`, f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    expect((await t.get('/api/points-de-vente?idClientBscs=abc', f.manager)).statusCode).toBe(400);
  });
});

describe('OpenAPI reference', () => {
  it('documents every catalogue call', async () => {
    const document = openApiDocumentSchema.parse((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
    for (const path of [
      '/api/mobiles/{idClientBscs}/{idOffreEngagement}/{disponibilite}',
      '/api/mobiles/prix',
      '/api/forfaits/{idClientBscs}/{idGamme}',
      '/api/forfait/{idClientBscs}/{idContrat}',
      '/api/options',
      '/api/options/{famille}',
      '/api/accessoires',
      '/api/assurances',
      '/api/promotions',
      '/api/promotions/code/{code}',
      '/api/jours-non-ouvres',
      '/api/points-de-vente',
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
  });
});
