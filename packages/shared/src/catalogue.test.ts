import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountsOf,
  automaticPromotions,
  phoneName,
  cartPriceTotals,
  checkPromoCode,
  lineMonthlyCentimesInMonth,
  normalizePromoCode,
  phonePriceCentimes,
  priceCartLine,
  promotionDiscountCentimes,
  promotionStanding,
  type CartLineInput,
  type CataloguePromotion,
} from './catalogue.ts';

const promotion = (fields: Partial<CataloguePromotion>): CataloguePromotion => ({
  idPromotion: 5001,
  libelle: 'Promotion',
  conditions: '',
  codePromo: null,
  cible: 'FORFAIT',
  type: 'MONTANT',
  valeur: 500,
  dureeMois: 6,
  idOffreEngagement: null,
  idArticle: null,
  debut: '2026-01-01',
  fin: '2026-12-31',
  ...fields,
});

const PRO2026 = promotion({ idPromotion: 5001, codePromo: 'PRO2026', type: 'POURCENTAGE', valeur: 2000, dureeMois: 6 });
const BIENVENUE = promotion({ idPromotion: 5003, codePromo: 'BIENVENUE', cible: 'MOBILE', valeur: 5000, dureeMois: null });
const IPHONE = promotion({ idPromotion: 5004, codePromo: 'IPHONE17', cible: 'MOBILE', valeur: 10000, dureeMois: null, idArticle: 1001 });
const AUTO_104 = promotion({ idPromotion: 5002, valeur: 500, dureeMois: 12, idOffreEngagement: 104, fin: null, debut: '2025-09-01' });

const iphone = { idArticle: 1001, prixNuCentimes: 80750, prixAvecForfaitCentimes: 32900 };
const plan = { idOffreEngagement: 102, prixMensuelCentimes: 2499, engagementMois: 24 };

describe('catalogue prices', () => {
  it('prices a phone alone, without commitment, with 12 and with 24 months', () => {
    expect(phonePriceCentimes(iphone, null)).toBe(80750);
    expect(phonePriceCentimes(iphone, 0)).toBe(80750);
    expect(phonePriceCentimes(iphone, 24)).toBe(32900);
    // Half the 478,50 € subsidy, rounded down to the cent.
    expect(phonePriceCentimes(iphone, 12)).toBe(80750 - 23925);
    expect(phonePriceCentimes({ prixNuCentimes: 1001, prixAvecForfaitCentimes: 0 }, 12)).toBe(501);
  });

  it('prices a line to the cent: phone with plan, options, accessories, insurance and two promotions, times its quantity', () => {
    const line: CartLineInput = {
      quantite: 3,
      forfait: plan,
      mobile: iphone,
      options: [{ idOption: 3003, prixMensuelCentimes: 500 }, { idOption: 3010, prixMensuelCentimes: 0 }],
      accessoires: [{ idArticle: 2001, prixCentimes: 4100 }, { idArticle: 2004, prixCentimes: 1650, quantite: 2 }],
      assurance: { idAssurance: 4002, prixMensuelCentimes: 832 },
      promotions: [PRO2026, BIENVENUE],
    };
    const priced = priceCartLine(line);
    expect(priced).toMatchObject({
      mobileCentimes: 32900,
      accessoiresCentimes: 7400,
      remisePonctuelleCentimes: 5000,
      ponctuelUnitaireCentimes: 35300,
      forfaitCentimes: 2499,
      optionsCentimes: 500,
      assuranceCentimes: 832,
      // 20 % of 24,99 € = 4,998 → 5,00 €.
      remiseMensuelleCentimes: 500,
      mensuelUnitaireCentimes: 3331,
      mensuelUnitaireSansRemiseCentimes: 3831,
      ponctuelCentimes: 105900,
      mensuelCentimes: 9993,
    });
    expect(lineMonthlyCentimesInMonth(priced, 6)).toBe(9993);
    expect(lineMonthlyCentimesInMonth(priced, 7)).toBe(11493);
    const totals = cartPriceTotals([priced]);
    expect(totals.ponctuel).toEqual({ htCentimes: 105900, tvaCentimes: 21180, ttcCentimes: 127080 });
    // 20 % of 99,93 € = 19,986 → 19,99 €.
    expect(totals.mensuel).toEqual({ htCentimes: 9993, tvaCentimes: 1999, ttcCentimes: 11992 });
    expect(totals.mensuelSansRemise.htCentimes).toBe(11493);
    expect(totals.remisePonctuelleCentimes).toBe(15000);
  });

  it('leaves out promotions that do not concern the line, and applies one only once', () => {
    const simOnly = priceCartLine({ quantite: 1, forfait: plan, mobile: null, options: [], accessoires: [], assurance: null, promotions: [BIENVENUE, IPHONE, AUTO_104, PRO2026, PRO2026] });
    expect(simOnly.promotions.map((p) => p.idPromotion)).toEqual([5001]);
    const galaxy = priceCartLine({ quantite: 1, forfait: plan, mobile: { idArticle: 1006, prixNuCentimes: 74900, prixAvecForfaitCentimes: 27900 }, options: [], accessoires: [], assurance: null, promotions: [IPHONE] });
    expect(galaxy.remisePonctuelleCentimes).toBe(0);
  });

  it('never discounts below zero', () => {
    const cheap = priceCartLine({
      quantite: 1,
      forfait: { idOffreEngagement: 105, prixMensuelCentimes: 300, engagementMois: 12 },
      mobile: { idArticle: 1011, prixNuCentimes: 15700, prixAvecForfaitCentimes: 100 },
      options: [],
      accessoires: [],
      assurance: null,
      promotions: [promotion({ valeur: 1000 }), promotion({ idPromotion: 9, cible: 'MOBILE', valeur: 999_999, dureeMois: null })],
    });
    expect(cheap.forfaitCentimes - cheap.remiseMensuelleCentimes).toBe(0);
    expect(cheap.ponctuelUnitaireCentimes).toBe(0);
  });

  it('rounds a percentage discount half away from zero and caps it at the base', () => {
    expect(promotionDiscountCentimes({ type: 'POURCENTAGE', valeur: 1500 }, 1_499)).toBe(225); // 224.85
    expect(promotionDiscountCentimes({ type: 'POURCENTAGE', valeur: 2500 }, 2)).toBe(1); // 0.5
    expect(promotionDiscountCentimes({ type: 'POURCENTAGE', valeur: 20_000 }, 700)).toBe(700);
    expect(promotionDiscountCentimes({ type: 'MONTANT', valeur: 5000 }, 1_200)).toBe(1_200);
    expect(amountsOf(1_499)).toEqual({ htCentimes: 1_499, tvaCentimes: 300, ttcCentimes: 1_799 });
  });
});

describe('promotions by date and code', () => {
  it('are valid from their first to their last day, inclusive', () => {
    expect(promotionStanding(PRO2026, '2025-12-31')).toBe('A_VENIR');
    expect(promotionStanding(PRO2026, '2026-01-01')).toBe('EN_COURS');
    expect(promotionStanding(PRO2026, '2026-12-31')).toBe('EN_COURS');
    expect(promotionStanding(PRO2026, '2027-01-01')).toBe('TERMINEE');
    expect(promotionStanding(AUTO_104, '2099-01-01')).toBe('EN_COURS');
  });

  it('check a typed code whatever its case and spaces, with the reason of a refusal', () => {
    const all = [PRO2026, BIENVENUE, IPHONE, AUTO_104];
    expect(normalizePromoCode(' pro 2026 ')).toBe('PRO2026');
    expect(checkPromoCode(all, 'pro2026', '2026-06-01')).toEqual({ ok: true, promotion: PRO2026 });
    expect(checkPromoCode(all, 'PRO2026', '2025-06-01')).toEqual({ ok: false, raison: 'A_VENIR', debut: '2026-01-01' });
    expect(checkPromoCode(all, 'PRO2026', '2027-01-02')).toEqual({ ok: false, raison: 'TERMINEE', fin: '2026-12-31' });
    expect(checkPromoCode(all, 'NOPE', '2026-06-01')).toEqual({ ok: false, raison: 'INCONNU' });
    expect(checkPromoCode(all, '', '2026-06-01')).toEqual({ ok: false, raison: 'INCONNU' });
    expect(checkPromoCode(all, 'IPHONE17', '2026-06-01', { idOffreEngagement: 102, idArticleMobile: 1006 })).toEqual({ ok: false, raison: 'NON_APPLICABLE' });
    expect(checkPromoCode(all, 'IPHONE17', '2026-06-01', { idOffreEngagement: 102, idArticleMobile: 1001 }).ok).toBe(true);
  });

  it('apply the automatic ones of the line’s plan only', () => {
    const all = [PRO2026, AUTO_104];
    expect(automaticPromotions(all, '2026-06-01', { idOffreEngagement: 104, idArticleMobile: null })).toEqual([AUTO_104]);
    expect(automaticPromotions(all, '2026-06-01', { idOffreEngagement: 102, idArticleMobile: null })).toEqual([]);
  });
});

const cents = (max: number) => fc.integer({ min: 0, max });
const arbitraryPromotion = fc.record({
  idPromotion: fc.integer({ min: 5001, max: 5010 }),
  cible: fc.constantFrom('FORFAIT', 'MOBILE', 'ACCESSOIRE' as const),
  type: fc.constantFrom('MONTANT', 'POURCENTAGE' as const),
  valeur: cents(200_000),
  dureeMois: fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
});
const arbitraryLine: fc.Arbitrary<CartLineInput> = fc.record({
  quantite: fc.integer({ min: 1, max: 100 }),
  forfait: fc.option(fc.record({ idOffreEngagement: fc.constant(102), prixMensuelCentimes: cents(20_000), engagementMois: fc.constantFrom(0, 12, 24) }), { nil: null }),
  mobile: fc.option(fc.record({ idArticle: fc.constant(1001), prixNuCentimes: cents(200_000), prixAvecForfaitCentimes: cents(200_000) }), { nil: null }),
  options: fc.array(fc.record({ idOption: fc.integer({ min: 3001, max: 3016 }), prixMensuelCentimes: cents(5_000) }), { maxLength: 5 }),
  accessoires: fc.array(fc.record({ idArticle: fc.integer({ min: 2001, max: 2011 }), prixCentimes: cents(20_000), quantite: fc.integer({ min: 1, max: 20 }) }), { maxLength: 4 }),
  assurance: fc.option(fc.record({ idAssurance: fc.constant(4001), prixMensuelCentimes: cents(2_000) }), { nil: null }),
  promotions: fc.array(arbitraryPromotion.map((fields) => promotion(fields)), { maxLength: 4 }),
});

describe('catalogue prices, for any cart', () => {
  it('never go below zero, and each line is the sum of its parts', () => {
    fc.assert(
      fc.property(arbitraryLine, (line) => {
        const p = priceCartLine(line);
        for (const value of [p.ponctuelUnitaireCentimes, p.mensuelUnitaireCentimes, p.mensuelUnitaireSansRemiseCentimes, p.remisePonctuelleCentimes, p.remiseMensuelleCentimes]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(value)).toBe(true);
        }
        expect(p.ponctuelUnitaireCentimes).toBe(p.mobileCentimes + p.accessoiresCentimes - p.remisePonctuelleCentimes);
        expect(p.mensuelUnitaireCentimes).toBe(p.forfaitCentimes + p.optionsCentimes + p.assuranceCentimes - p.remiseMensuelleCentimes);
        expect(p.remiseMensuelleCentimes).toBeLessThanOrEqual(p.forfaitCentimes);
        expect(p.ponctuelCentimes).toBe(p.ponctuelUnitaireCentimes * p.quantite);
        expect(p.mensuelCentimes).toBe(p.mensuelUnitaireCentimes * p.quantite);
        expect(p.mensuelUnitaireSansRemiseCentimes).toBeGreaterThanOrEqual(p.mensuelUnitaireCentimes);
        expect(lineMonthlyCentimesInMonth(p, 1)).toBe(p.mensuelCentimes);
        expect(lineMonthlyCentimesInMonth(p, 1000)).toBe(p.mensuelUnitaireSansRemiseCentimes * p.quantite);
      }),
    );
  });

  it('give totals equal to the sum of the lines, with TTC = HT + VAT and the VAT within half a cent of 20 %', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 20 }), (input) => {
        const lines = input.map(priceCartLine);
        const totals = cartPriceTotals(lines);
        expect(totals.ponctuel.htCentimes).toBe(lines.reduce((s, l) => s + l.ponctuelCentimes, 0));
        expect(totals.mensuel.htCentimes).toBe(lines.reduce((s, l) => s + l.mensuelCentimes, 0));
        for (const amounts of [totals.ponctuel, totals.mensuel, totals.mensuelSansRemise]) {
          expect(amounts.ttcCentimes).toBe(amounts.htCentimes + amounts.tvaCentimes);
          expect(amounts.tvaCentimes).toBeGreaterThanOrEqual(0);
          expect(Math.abs(amounts.tvaCentimes * 100 - amounts.htCentimes * 20)).toBeLessThanOrEqual(50);
        }
      }),
    );
  });

  it('price a phone between its price with a plan and its price alone, lower with a longer commitment', () => {
    fc.assert(
      fc.property(cents(500_000), cents(500_000), (a, b) => {
        const phone = { prixNuCentimes: Math.max(a, b), prixAvecForfaitCentimes: Math.min(a, b) };
        const [none, twelve, two] = [0, 12, 24].map((months) => phonePriceCentimes(phone, months));
        expect(none).toBe(phone.prixNuCentimes);
        expect(two).toBe(phone.prixAvecForfaitCentimes);
        expect(twelve).toBeLessThanOrEqual(none ?? 0);
        expect(twelve).toBeGreaterThanOrEqual(two ?? 0);
      }),
    );
  });
});

describe('phoneName', () => {
  it('says the brand once, even when the model carries it, with the storage when given', () => {
    expect(phoneName({ marque: 'Apple', modele: 'iPhone 17', stockageGo: 256 })).toBe('Apple iPhone 17 256 Go');
    expect(phoneName({ marque: 'Xiaomi', modele: 'Xiaomi 15T', stockageGo: 256 })).toBe('Xiaomi 15T 256 Go');
    expect(phoneName({ marque: 'Honor', modele: 'Honor 400' })).toBe('Honor 400');
    expect(phoneName({ marque: 'Fairphone', modele: 'Fairphone (Gen. 6)', stockageGo: null })).toBe('Fairphone (Gen. 6)');
    // A model that only begins with the brand's letters keeps the brand.
    expect(phoneName({ marque: 'Nothing', modele: 'Nothingness 1' })).toBe('Nothing Nothingness 1');
  });
});
