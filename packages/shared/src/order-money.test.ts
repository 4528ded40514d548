import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CataloguePromotion } from './catalogue.ts';
import { chargeAmountText, chargeNote, orderMoney, type ChargeItem, type MoneyLine, type MoneyLineInput } from './order-money.ts';

const cents = (max: number) => fc.integer({ min: 0, max });

/** Promotions as the catalogue has them: typed codes and automatic ones, on the plan, the phone or the accessories. */
const arbitraryPromotion: fc.Arbitrary<CataloguePromotion> = fc
  .record({
    idPromotion: fc.integer({ min: 5001, max: 5012 }),
    cible: fc.constantFrom('FORFAIT', 'MOBILE', 'ACCESSOIRE' as const),
    type: fc.constantFrom('MONTANT', 'POURCENTAGE' as const),
    valeur: cents(200_000),
    dureeMois: fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
    codePromo: fc.option(fc.constantFrom('PRO2026', 'BIENVENUE', 'ACCESS30'), { nil: null }),
  })
  .map((fields) => ({
    ...fields,
    libelle: `Promotion ${fields.idPromotion}`,
    conditions: '',
    idOffreEngagement: null,
    idArticle: null,
    debut: '2026-01-01',
    fin: null,
  }));

const arbitraryLine: fc.Arbitrary<MoneyLineInput> = fc.record({
  libelle: fc.constant('Ligne'),
  quantite: fc.integer({ min: 1, max: 100 }),
  forfait: fc.option(
    fc.record({ idOffreEngagement: fc.constantFrom(101, 102, 104), libelle: fc.constant('Forfait'), prixMensuelCentimes: cents(20_000), engagementMois: fc.constantFrom(0, 12, 24) }),
    { nil: null },
  ),
  mobile: fc.option(fc.record({ idArticle: fc.constantFrom(1001, 1015), libelle: fc.constant('Téléphone'), prixNuCentimes: cents(200_000), prixAvecForfaitCentimes: cents(200_000) }), { nil: null }),
  options: fc.uniqueArray(fc.record({ idOption: fc.integer({ min: 3001, max: 3016 }), libelle: fc.constant('Option'), prixMensuelCentimes: cents(5_000) }), { maxLength: 5, selector: (o) => o.idOption }),
  accessoires: fc.array(fc.record({ idArticle: fc.integer({ min: 2001, max: 2011 }), libelle: fc.constant('Accessoire'), prixCentimes: cents(20_000), quantite: fc.integer({ min: 1, max: 20 }) }), { maxLength: 4 }),
  assurance: fc.option(fc.record({ idAssurance: fc.constantFrom(4001, 4002, 4003), libelle: fc.constant('Assurance'), prixMensuelCentimes: cents(2_000), franchiseCentimes: cents(20_000) }), { nil: null }),
  promotions: fc.array(arbitraryPromotion, { maxLength: 4 }),
});

const sum = (items: readonly ChargeItem[]) => items.reduce((total, charge) => total + charge.montantCentimes, 0);
const at = (line: MoneyLine, moment: ChargeItem['moment']) => line.elements.filter((charge) => charge.moment === moment);
const charges = (items: readonly ChargeItem[]) => items.filter((charge) => charge.nature !== 'PROMOTION');
const discounts = (items: readonly ChargeItem[]) => items.filter((charge) => charge.nature === 'PROMOTION');

describe('orderMoney, for any cart', () => {
  it('lists items that add up, to the cent, to every total of each line, of each group and of the order', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { minLength: 1, maxLength: 8 }), (input) => {
        const money = orderMoney(input);
        expect(money.lignes).toHaveLength(input.length);
        money.lignes.forEach((line, index) => {
          const source = input[index];
          if (!source) throw new Error('no input line');
          for (const moment of ['COMMANDE', 'MENSUEL'] as const) {
            const listed = at(line, moment);
            const amounts = moment === 'COMMANDE' ? line.unitaire.commande : line.unitaire.mensuel;
            expect(sum(charges(listed))).toBe(amounts.avantPromotionsCentimes);
            expect(0 - sum(discounts(listed))).toBe(amounts.remisesCentimes);
            expect(sum(listed)).toBe(amounts.htCentimes);
            expect(amounts.htCentimes).toBeGreaterThanOrEqual(0);
            const group = moment === 'COMMANDE' ? line.total.commande : line.total.mensuel;
            expect(group).toEqual({
              avantPromotionsCentimes: amounts.avantPromotionsCentimes * line.quantite,
              remisesCentimes: amounts.remisesCentimes * line.quantite,
              htCentimes: amounts.htCentimes * line.quantite,
            });
          }
          // Once the limited promotions end, only those that last as long as the line remain.
          const lasting = at(line, 'MENSUEL').filter((charge) => charge.nature !== 'PROMOTION' || charge.dureeMois === null);
          expect(sum(lasting)).toBe(line.unitaire.mensuelFinPromotionsCentimes);
          expect(line.total.mensuelFinPromotionsCentimes).toBe(line.unitaire.mensuelFinPromotionsCentimes * line.quantite);
          // Every part charged is an item with its label: nothing is counted without being shown.
          const of = (nature: ChargeItem['nature']) => line.elements.filter((charge) => charge.nature === nature);
          expect(of('FORFAIT').map((c) => c.montantCentimes)).toEqual(source.forfait ? [source.forfait.prixMensuelCentimes] : []);
          expect(of('OPTION').map((c) => c.montantCentimes)).toEqual(source.options.map((o) => o.prixMensuelCentimes));
          expect(of('ASSURANCE').map((c) => [c.montantCentimes, c.franchiseCentimes])).toEqual(source.assurance ? [[source.assurance.prixMensuelCentimes, source.assurance.franchiseCentimes]] : []);
          expect(of('ACCESSOIRE').map((c) => c.montantCentimes)).toEqual(source.accessoires.map((a) => a.prixCentimes * (a.quantite ?? 1)));
          expect(of('MOBILE')).toHaveLength(source.mobile ? 1 : 0);
          for (const charge of line.elements) expect(charge.libelle).not.toBe('');
        });
        const { commande, mensuel, mensuelFinPromotions } = money.totaux;
        const over = (pick: (line: MoneyLine) => number) => money.lignes.reduce((total, line) => total + pick(line), 0);
        for (const [total, pick] of [
          [commande, (line: MoneyLine) => line.total.commande],
          [mensuel, (line: MoneyLine) => line.total.mensuel],
        ] as const) {
          expect(total.avantPromotionsCentimes).toBe(over((line) => pick(line).avantPromotionsCentimes));
          expect(total.remisesCentimes).toBe(over((line) => pick(line).remisesCentimes));
          expect(total.htCentimes).toBe(over((line) => pick(line).htCentimes));
          expect(total.htCentimes).toBe(total.avantPromotionsCentimes - total.remisesCentimes);
          expect(total.ttcCentimes).toBe(total.htCentimes + total.tvaCentimes);
          expect(Math.abs(total.tvaCentimes * 100 - total.htCentimes * 20)).toBeLessThanOrEqual(50);
        }
        expect(mensuelFinPromotions.htCentimes).toBe(over((line) => line.total.mensuelFinPromotionsCentimes));
        expect(mensuelFinPromotions.ttcCentimes).toBe(mensuelFinPromotions.htCentimes + mensuelFinPromotions.tvaCentimes);
      }),
    );
  });
});

describe('orderMoney, the tour’s cart', () => {
  it('shows the insurance and its excess, and lists items that add up to 38,31 € HT a month', () => {
    const pro2026: CataloguePromotion = {
      idPromotion: 5001,
      libelle: '20 % de remise pendant 6 mois sur le forfait',
      conditions: '',
      codePromo: 'PRO2026',
      cible: 'FORFAIT',
      type: 'POURCENTAGE',
      valeur: 2000,
      dureeMois: 6,
      idOffreEngagement: null,
      idArticle: null,
      debut: '2026-01-01',
      fin: '2026-12-31',
    };
    const money = orderMoney([
      {
        libelle: 'Forfait Pro 50 Go avec Google Pixel 9a 128 Go (Obsidienne)',
        quantite: 1,
        forfait: { idOffreEngagement: 102, libelle: 'Forfait Pro 50 Go', prixMensuelCentimes: 2499, engagementMois: 24 },
        mobile: { idArticle: 1015, libelle: 'Google Pixel 9a 128 Go, Obsidienne', prixNuCentimes: 45700, prixAvecForfaitCentimes: 9900 },
        options: [{ idOption: 3001, libelle: 'International 2 h', prixMensuelCentimes: 1000 }],
        accessoires: [],
        assurance: { idAssurance: 4002, libelle: 'Assurance Casse et Vol', prixMensuelCentimes: 832, franchiseCentimes: 7900 },
        promotions: [pro2026],
      },
    ]);
    const [line] = money.lignes;
    const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? null;
    const texts = line?.elements.map((charge) => [charge.libelle, plain(chargeAmountText(charge)), plain(chargeNote(charge))]);
    expect(texts).toEqual([
      ['Google Pixel 9a 128 Go, Obsidienne', '99,00 € HT', null],
      ['Forfait Pro 50 Go', '24,99 € HT par mois', null],
      ['International 2 h', '10,00 € HT par mois', null],
      ['Assurance Casse et Vol', '8,32 € HT par mois', 'Franchise de 79,00 € HT (94,80 € TTC) par sinistre'],
      ['20 % de remise pendant 6 mois sur le forfait', '−5,00 € HT par mois pendant 6 mois', null],
    ]);
    expect(money.totaux.mensuel).toMatchObject({ avantPromotionsCentimes: 4331, remisesCentimes: 500, htCentimes: 3831 });
    expect(money.totaux.mensuelFinPromotions.htCentimes).toBe(4331);
    expect(money.totaux.commande).toMatchObject({ avantPromotionsCentimes: 9900, remisesCentimes: 0, htCentimes: 9900, tvaCentimes: 1980, ttcCentimes: 11880 });
  });
});
