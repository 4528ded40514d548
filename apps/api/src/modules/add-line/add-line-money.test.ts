import { describe, expect, it } from 'vitest';
import { parisDay } from '@ecare/shared/paris-time';
import { invoices } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { useTestContext } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { insertTestCatalogue, tourCart } from '../../test/support/add-line.ts';

const { t, f } = useTestContext(async (t) => {
  const demo = await demoFixture(t);
  await insertTestCatalogue(t, parisDay(t.clock.now()));
  await t.db.update(invoices).set({ resteAPayerCentimes: 0 });
  return demo;
});

describe('what the add-line recap charges (issue 24, point 1)', () => {
  it('lists the insurance with its price and excess in the cart and both recap PDFs, every item adding up to 38,31 € HT a month', async () => {
    const cart = await tourCart(t, f.manager, f.account);
    const [line] = cart.Montants.lignes;
    expect(line?.elements.map((charge) => [charge.nature, charge.libelle, charge.montantCentimes, charge.franchiseCentimes])).toEqual([
      ['MOBILE', 'Google Pixel 9a 128 Go, Obsidienne', 9_900, null],
      ['FORFAIT', 'Forfait Pro 50 Go', 2_499, null],
      ['OPTION', 'International 2 h', 1_000, null],
      ['ASSURANCE', 'Assurance Casse et Vol', 832, 7_900],
      ['PROMOTION', '20 % de remise pendant 6 mois sur le forfait', -500, null],
    ]);
    const monthly = line?.elements.filter((charge) => charge.moment === 'MENSUEL').reduce((sum, charge) => sum + charge.montantCentimes, 0);
    expect(monthly).toBe(3_831);
    expect(cart.Montants.totaux.mensuel).toEqual({ avantPromotionsCentimes: 4_331, remisesCentimes: 500, htCentimes: 3_831, tvaCentimes: 766, ttcCentimes: 4_597 });
    expect(cart.Totaux.mensuel.htCentimes).toBe(3_831);
    expect(cart.Lignes[0]?.MensuelUnitaireHtCentimes).toBe(3_831);

    for (const document of ['information-precontractuelle', 'recapitulatif-contractuel']) {
      const response = await t.get(`/api/ajout-lignes/recapitulatif/${cart.IdSouscription}/${document}`, f.manager);
      expect(response.statusCode, response.body).toBe(200);
      const text = await pdfText(response.rawPayload);
      for (const shown of [
        'Téléphone Google Pixel 9a 128 Go, Obsidienne : 99,00 € HT',
        'Forfait Forfait Pro 50 Go : 24,99 € HT par mois',
        'Option International 2 h : 10,00 € HT par mois',
        'Assurance – Assurance Casse et Vol : 8,32 € HT par mois – Franchise de 79,00 € HT (94,80 € TTC) par sinistre',
        'Promotion 20 % de remise pendant 6 mois sur le forfait : −5,00 € HT par mois pendant 6 mois',
        '43,31 € HT par mois avant promotions',
        'promotions : −5,00 € HT par mois',
        'soit 38,31 € HT par mois',
        'TVA 20 % : 7,66 €',
        '45,97 € TTC par mois',
        // Once the 6 months are over (the label wraps over two lines).
        'Par mois, une fois les – 43,31 € HT promotions terminées – TVA 20 % : 8,66 € – 51,97 € TTC',
      ]) {
        expect(text, `${document}: ${shown}`).toContain(shown);
      }
    }
  });
});
