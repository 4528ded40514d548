import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cartSchema, type ApiErrorCode, type Cart, type CartAddressInput, type CartAddressType, type SaveLineRequest } from '@ecare/shared';
import { catalogAccessories, catalogOptions, catalogPhones, catalogPromotions } from '../../db/schema.ts';
import { bodyOf, errorOf, type TestContext } from '../harness.ts';
import { createAddLineRepository } from '../../modules/add-line/add-line.repository.ts';

/**
 * Catalogue rows of the add-line tests, at the end of each id range so that they never meet the
 * reference catalogue's; written over whatever is there, so the prices are the tests' own.
 */
export const TEST_CATALOGUE = {
  /** 5G, eSIM, two colours, 5 in stock. */
  phone: { idArticle: 1990, marque: 'Test', modele: 'Phone 5G', description: 'Téléphone de test', couleurs: ['Noir', 'Bleu'], stockageGo: 128, esim: true, cinqG: true, prixNuCentimes: 69_900, prixAvecForfaitCentimes: 19_900, stock: 5, image: 'test.webp' },
  /** No eSIM. */
  simOnlyPhone: { idArticle: 1991, marque: 'Test', modele: 'Phone 4G', description: 'Téléphone de test sans eSIM', couleurs: ['Gris'], stockageGo: 64, esim: false, cinqG: false, prixNuCentimes: 19_900, prixAvecForfaitCentimes: 4_999, stock: 10, image: 'test.webp' },
  retiredPhone: { idArticle: 1992, marque: 'Test', modele: 'Phone ancien', description: 'Plus vendu', couleurs: ['Noir'], stockageGo: 32, esim: false, cinqG: false, prixNuCentimes: 9_900, prixAvecForfaitCentimes: 100, stock: 10, image: 'test.webp', commercialise: false },
  europe: { idOption: 3990, famille: 'EUROPE' as const, libelle: 'Option Europe test', description: 'Test', prixMensuelCentimes: 500 },
  detailedInvoice: { idOption: 3991, famille: 'FACTURE_DETAILLEE' as const, libelle: 'Facture détaillée test', description: 'Test', prixMensuelCentimes: 300 },
  case: { idArticle: 2990, libelle: 'Coque test', categorie: 'PROTECTION', description: 'Test', prixCentimes: 2_499, stock: 50, image: 'test.webp', compatibles: [] },
  /** Fits the 4G phone only. */
  charger: { idArticle: 2991, libelle: 'Chargeur test', categorie: 'CHARGE', description: 'Test', prixCentimes: 1_999, stock: 50, image: 'test.webp', compatibles: [1991] },
} as const;

/** Promotions of the tests: codes prefixed so that they are the tests' own. */
export function testPromotions(today: string) {
  const common = { conditions: 'Test', debut: '2020-01-01', fin: null, idOffreEngagement: null, idArticle: null };
  return [
    /** Half the plan for 6 months. */
    { ...common, idPromotion: 5990, libelle: 'Forfait à moitié prix 6 mois', codePromo: 'AJLTESTMOITIE', cible: 'FORFAIT' as const, type: 'POURCENTAGE' as const, valeur: 5_000, dureeMois: 6 },
    /** Another plan promotion: the same kind as the first. */
    { ...common, idPromotion: 5991, libelle: '3 € de remise', codePromo: 'AJLTESTTROIS', cible: 'FORFAIT' as const, type: 'MONTANT' as const, valeur: 300, dureeMois: null },
    /** 50 € off the phone. */
    { ...common, idPromotion: 5992, libelle: '50 € sur le mobile', codePromo: 'AJLTESTMOBILE', cible: 'MOBILE' as const, type: 'MONTANT' as const, valeur: 5_000, dureeMois: null },
    /** Over. */
    { ...common, idPromotion: 5993, libelle: 'Terminée', codePromo: 'AJLTESTFINI', cible: 'FORFAIT' as const, type: 'MONTANT' as const, valeur: 100, dureeMois: 3, fin: '2021-01-01' },
    /** Only on plan 103. */
    { ...common, idPromotion: 5994, libelle: '150 Go −10 %', codePromo: 'AJLTEST103', cible: 'FORFAIT' as const, type: 'POURCENTAGE' as const, valeur: 1_000, dureeMois: 12, idOffreEngagement: 103 },
    /** Applied by itself: 10 % off the accessories. */
    { ...common, idPromotion: 5995, libelle: '10 % sur les accessoires', codePromo: null, cible: 'ACCESSOIRE' as const, type: 'POURCENTAGE' as const, valeur: 1_000, dureeMois: null, debut: today },
  ];
}

export async function insertTestCatalogue(t: TestContext, today: string): Promise<void> {
  const { phone, simOnlyPhone, retiredPhone, europe, detailedInvoice, case: accessory, charger } = TEST_CATALOGUE;
  for (const row of [phone, simOnlyPhone, retiredPhone]) {
    const values = { ...row, couleurs: [...row.couleurs] };
    await t.db.insert(catalogPhones).values(values).onConflictDoUpdate({ target: catalogPhones.idArticle, set: values });
  }
  for (const row of [europe, detailedInvoice]) await t.db.insert(catalogOptions).values(row).onConflictDoUpdate({ target: catalogOptions.idOption, set: row });
  for (const row of [accessory, charger]) {
    const values = { ...row, compatibles: [...row.compatibles] };
    await t.db.insert(catalogAccessories).values(values).onConflictDoUpdate({ target: catalogAccessories.idArticle, set: values });
  }
  for (const row of testPromotions(today)) await t.db.insert(catalogPromotions).values(row).onConflictDoUpdate({ target: catalogPromotions.idPromotion, set: row });
}

/** A refusal: its status and code (messages with values are checked where they matter). */
export function expectCode(response: LightMyRequestResponse, status: number, code: ApiErrorCode): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response).code).toBe(code);
}

export function cartOf(response: LightMyRequestResponse): Cart {
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, cartSchema);
}

/** `POST /api/ajout-lignes/enregistrer-ligne` with a SIM-only line on plan 101 unless told otherwise. */
export function saveLine(t: TestContext, token: string, request: Partial<SaveLineRequest> & { IdClientBscs: number }) {
  const json: SaveLineRequest = { IdOffreEngagement: 101, IdArticleMobile: null, Couleur: null, TypeSim: 'SIM', Quantite: 1, Options: [], ...request };
  return t.send('POST', '/api/ajout-lignes/enregistrer-ligne', { token, json });
}

/** `POST /api/commande/adresse/enregistrer/{type}`: one address kept with the cart (the delivery by default). */
export function saveAddress(t: TestContext, token: string, IdSouscription: number, Adresse: CartAddressInput, type: CartAddressType = 'LIVRAISON') {
  return t.send('POST', `/api/commande/adresse/enregistrer/${type}`, { token, json: { IdSouscription, Adresse } });
}

/**
 * The cart of the fleet manager's tour (issue 24): Forfait Pro 50 Go with a Google Pixel 9a, the
 * International 2 h option, the code PRO2026 and the "Assurance Casse et Vol" insurance, from
 * the reference catalogue. PRO2026 is made valid whatever the day the test runs.
 */
export async function tourCart(t: TestContext, token: string, idClientBscs: number): Promise<Cart & { IdSouscription: number; IdLigne: number }> {
  await t.db.update(catalogPromotions).set({ debut: '2020-01-01', fin: null }).where(eq(catalogPromotions.idPromotion, 5001));
  await createAddLineRepository(t.db).deleteCarts(idClientBscs);
  const added = cartOf(await saveLine(t, token, { IdClientBscs: idClientBscs, IdOffreEngagement: 102, IdArticleMobile: 1015, Couleur: 'Obsidienne', Options: [{ IdOption: 3001 }] }));
  const IdLigne = added.Lignes[0]?.IdLigne ?? 0;
  cartOf(await t.send('POST', '/api/ajout-lignes/promotion', { token, json: { IdLigne, CodePromo: 'PRO2026' } }));
  const cart = cartOf(await t.send('POST', '/api/commande/assurance', { token, json: { IdLigne, IdAssurance: 4002 } }));
  if (cart.IdSouscription === null) throw new Error('no cart');
  return { ...cart, IdSouscription: cart.IdSouscription, IdLigne };
}
