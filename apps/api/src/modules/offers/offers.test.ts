import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerListSchema } from '@ecare/shared';
import { OFFERS } from '../../db/reference/index.ts';
import { bodyOf, createTestContext, errorOf, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/offres', () => {
  it('lists the catalogue with prices excluding and including VAT, allowance and included options', async () => {
    const offers = bodyOf(await t.get('/api/offres', await t.loginAs('utilisateur')), offerListSchema);
    expect(offers).toHaveLength(OFFERS.length);
    expect(offers.find((o) => o.idOffreEngagement === 101)).toEqual({
      idOffreEngagement: 101,
      libelle: 'Forfait Pro 5 Go',
      id_Gamme: 1,
      description: 'Appels et SMS illimités, 5 Go en France',
      prixMensuelHT: 14.99,
      prixMensuelTTC: 17.99,
      dataMo: 5120,
      dataIllimitee: false,
      optionsIncluses: ['Appels et SMS illimités en France', 'Messagerie vocale visuelle'],
    });
    expect(offers.find((o) => o.idOffreEngagement === 104)).toMatchObject({ dataMo: null, dataIllimitee: true, prixMensuelTTC: 65.99 });
    // Mobile plans first, each range by price.
    expect(offers.map((o) => o.id_Gamme)).toEqual([...offers.map((o) => o.id_Gamme)].sort());
  });

  it('is for signed-in users only', async () => {
    const response = await t.get('/api/offres');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });
});
