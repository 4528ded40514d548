import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccountListSchema, lineDetailSchema, linePageSchema, sessionDataSchema } from '@ecare/shared';
import { bodyOf, createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let token: string;
let account: number;
beforeAll(async () => {
  t = await createTestContext();
  token = await t.loginAs('gestionnaire');
  const [first] = bodyOf(await t.get('/api/comptes_facturation', token), billingAccountListSchema);
  if (!first) throw new Error('demo gestionnaire has no account');
  account = first.idClientBscs;
});
afterAll(() => t.close());

const page = async (query = '') => {
  const response = await t.get(`/api/contrats_pagination/${account}${query}`, token);
  expect(response.statusCode).toBe(200);
  return bodyOf(response, linePageSchema);
};

describe('GET /api/contrats_pagination', () => {
  it('pages the 12 demo lines with a total', async () => {
    const first = await page('?page=1&taille=5');
    const third = await page('?page=3&taille=5');
    expect(first.total).toBe(12);
    expect(first.contrats).toHaveLength(5);
    expect(third.contrats).toHaveLength(2);
    const all = await page('?taille=100');
    expect(new Set(all.contrats.map((c) => c.idContrat)).size).toBe(12);
  });

  it('sorts on the server in both directions', async () => {
    const asc = (await page('?tri=numeroLigne&ordre=asc&taille=100')).contrats.map((c) => c.numeroLigne);
    const desc = (await page('?tri=numeroLigne&ordre=desc&taille=100')).contrats.map((c) => c.numeroLigne);
    expect(asc).toHaveLength(12);
    expect(asc).toEqual([...asc].sort());
    expect(desc).toEqual([...asc].reverse());
  });

  it('searches by number (spaces ignored) and by plan name', async () => {
    const all = await page('?taille=100');
    const sample = all.contrats[3];
    if (!sample) throw new Error('no sample line');
    const spaced = sample.numeroLigne.replace(/(\d{2})(?=\d)/g, '$1 ');
    const byNumber = await page(`?recherche=${encodeURIComponent(spaced)}`);
    expect(byNumber.contrats.map((c) => c.idContrat)).toEqual([sample.idContrat]);
    const byPlan = await page(`?recherche=${encodeURIComponent(sample.libelleOffre.slice(-6))}&taille=100`);
    expect(byPlan.contrats.map((c) => c.idContrat)).toContain(sample.idContrat);
    expect(byPlan.contrats.every((c) => c.libelleOffre === sample.libelleOffre || c.libelleOffre.includes(sample.libelleOffre.slice(-6)))).toBe(true);
    expect((await page('?recherche=%25')).total).toBe(0);
  });
});

describe('GET /api/ligne and /api/sessiondata', () => {
  it('returns the detail of a managed line', async () => {
    const first = (await page('?taille=1')).contrats[0];
    if (!first) throw new Error('no line');
    const detail = bodyOf(await t.get(`/api/ligne/${first.idContrat}`, token), lineDetailSchema);
    expect(detail).toMatchObject({ idContrat: first.idContrat, idClientBscs: account });
  });

  it('confirms the chosen account and line', async () => {
    const first = (await page('?taille=1')).contrats[0];
    if (!first) throw new Error('no line');
    const data = bodyOf(await t.get(`/api/sessiondata/${account}/${first.idContrat}`, token), sessionDataSchema);
    expect(data.current_compte_facturation.idClientBscs).toBe(account);
    expect(data.current_ligne?.idContrat).toBe(first.idContrat);
    const withoutLine = bodyOf(await t.get(`/api/sessiondata/${account}/0`, token), sessionDataSchema);
    expect(withoutLine.current_ligne).toBeNull();
  });
});
