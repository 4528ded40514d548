import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, linePageSchema, nationalLineDigits } from '@ecare/shared';
import { contracts } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, useTestContext } from '../../test/harness.ts';
import { foldForSearch } from './lines-search.ts';

const { t, f } = useTestContext(demoFixture);

/** Two bakery lines given line users whose names no demo line shares. */
let maelys: number;
let jeanNoel: number;
beforeAll(async () => {
  const [first, second] = f.colleagues;
  if (!first || !second) throw new Error('no colleague lines');
  maelys = first.idContrat;
  jeanNoel = second.idContrat;
  await t.db.update(contracts).set({ utilisateurPrenom: 'Maëlys', utilisateurNom: 'Lœvenbrück' }).where(eq(contracts.idContrat, maelys));
  await t.db.update(contracts).set({ utilisateurPrenom: 'Jean-Noël', utilisateurNom: 'D’Aubigné' }).where(eq(contracts.idContrat, jeanNoel));
});

const list = async (query: string, token = f.manager) => {
  const response = await t.get(`/api/contrats_pagination/${f.account}?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, linePageSchema);
};
const ids = async (query: string) => (await list(`taille=100&${query}`)).contrats.map((line) => line.idContrat).sort();
const idsOf = (lines: { idContrat: number }[]) => lines.map((line) => line.idContrat).sort();

describe('numbers typed in any format', () => {
  it('reads whole and partial numbers as their stored national digits', () => {
    expect(nationalLineDigits('06 12 34 56 78')).toBe('0612345678');
    expect(nationalLineDigits('06.12.34.56.78')).toBe('0612345678');
    expect(nationalLineDigits('+33 6 12 34 56 78')).toBe('0612345678');
    expect(nationalLineDigits('+33 (0)6 12 34 56 78')).toBe('0612345678');
    expect(nationalLineDigits('0033 7 12 34 56 78')).toBe('0712345678');
    expect(nationalLineDigits('+33 6 12')).toBe('0612');
    expect(nationalLineDigits('34 56')).toBe('3456');
    expect(nationalLineDigits('Forfait 100')).toBeNull();
    expect(nationalLineDigits('Roux')).toBeNull();
  });

  it('folds accents, ligatures, apostrophes and hyphens of a searched name', () => {
    expect(foldForSearch('  Maëlys   Lœvenbrück ')).toBe('Maelys Loevenbruck');
    // eslint-disable-next-line no-restricted-syntax -- searches fold every apostrophe to the straight one
    expect(foldForSearch('Jean-Noël D’Aubigné')).toBe("Jean Noel D'Aubigne");
    // Decomposed input (an e and a combining accent) is composed first.
    expect(foldForSearch('E\u0301lodie')).toBe('Elodie');
  });
});

describe('GET /api/contrats_pagination search', () => {
  it('finds a line by its number typed with spaces, dots, +33, (0) or 0033, whole or in part', async () => {
    const line = f.colleagues[3];
    if (!line) throw new Error('no line');
    const national = line.numeroLigne;
    const pairs = national.replace(/(\d{2})(?=\d)/g, '$1 ');
    const international = `+33 ${national.slice(1, 2)} ${pairs.slice(3)}`;
    for (const typed of [national, pairs, pairs.replaceAll(' ', '.'), international, `+33 (0)${national.slice(1)}`, `0033${national.slice(1)}`]) {
      expect(await ids(`recherche=${encodeURIComponent(typed)}`), typed).toEqual([line.idContrat]);
    }
    // The beginning of a number typed the international way matches it too.
    const start = `+33 ${national.slice(1, 2)} ${pairs.slice(3, 8)}`;
    expect(await ids(`recherche=${encodeURIComponent(start)}`)).toContain(line.idContrat);
    const digits = national.slice(0, 6);
    expect((await ids(`recherche=${encodeURIComponent(start)}`)).every((id) => f.lines.find((l) => l.idContrat === id)?.numeroLigne.includes(digits))).toBe(true);
  });

  it('finds a line by its user’s first or last name, accents and case ignored', async () => {
    for (const typed of ['Maëlys', 'maelys', 'MAELYS', 'lœvenbrück', 'LOEVENBRUCK', 'Maëlys Lœvenbrück', 'loevenbruck maelys', 'venbru']) {
      expect(await ids(`recherche=${encodeURIComponent(typed)}`), typed).toEqual([maelys]);
    }
    // eslint-disable-next-line no-restricted-syntax -- a search typed with a straight apostrophe
    for (const typed of ['jean noel', 'Jean-Noël', "d'aubigne", 'D’AUBIGNÉ', 'Noël D’Aubigné']) {
      expect(await ids(`recherche=${encodeURIComponent(typed)}`), typed).toEqual([jeanNoel]);
    }
    // The demo line user's own line.
    expect(await ids('recherche=julien%20roux')).toContain(f.own.idContrat);
  });

  it('still finds plans by name, and treats LIKE wildcards as plain characters', async () => {
    const sample = (await list('taille=1')).contrats[0];
    if (!sample) throw new Error('no line');
    const byPlan = await list(`taille=100&recherche=${encodeURIComponent(sample.libelleOffre.toLowerCase())}`);
    expect(byPlan.contrats.map((line) => line.idContrat)).toContain(sample.idContrat);
    expect(byPlan.contrats.every((line) => line.libelleOffre === sample.libelleOffre)).toBe(true);
    expect((await list('recherche=%25')).total).toBe(0);
    expect((await list('recherche=_')).total).toBe(0);
  });
});

describe('GET /api/contrats_pagination filters', () => {
  it('filters by one status or several, with the right total', async () => {
    const active = f.lines.filter((line) => line.codeStatut === 'ACTIF');
    const page = await list('statut=ACTIF&taille=5');
    expect(page.total).toBe(active.length);
    expect(page.contrats).toHaveLength(5);
    expect(page.contrats.every((line) => line.codeStatut === 'ACTIF')).toBe(true);
    expect(await ids('statut=SUSPENDU')).toEqual([f.suspended.idContrat]);
    expect(await ids('statut=ACTIF,SUSPENDU')).toEqual(idsOf(f.lines));
    expect(await ids('statut=RESILIE')).toEqual([]);
    // An empty parameter filters nothing.
    expect(await ids('statut=')).toEqual(idsOf(f.lines));
  });

  it('filters by plan, alone or with a status and a search', async () => {
    const plan = f.lines[0]?.idOffreEngagement;
    if (plan === undefined) throw new Error('no line');
    const onPlan = f.lines.filter((line) => line.idOffreEngagement === plan);
    const page = await list(`idOffreEngagement=${plan}&taille=100`);
    expect(page.total).toBe(onPlan.length);
    expect(idsOf(page.contrats)).toEqual(idsOf(onPlan));
    expect(page.contrats.every((line) => line.id_offre_engagement === plan)).toBe(true);

    const other = f.lines.find((line) => line.idOffreEngagement !== plan)?.idOffreEngagement;
    if (other !== undefined) {
      expect(await ids(`idOffreEngagement=${plan},${other}`)).toEqual(idsOf(f.lines.filter((line) => [plan, other].includes(line.idOffreEngagement))));
    }
    const activeOnPlan = onPlan.filter((line) => line.codeStatut === 'ACTIF');
    expect((await list(`idOffreEngagement=${plan}&statut=ACTIF`)).total).toBe(activeOnPlan.length);
    const own = f.own;
    expect(await ids(`idOffreEngagement=${own.idOffreEngagement}&recherche=roux`)).toEqual([own.idContrat]);
    expect(await ids(`idOffreEngagement=${own.idOffreEngagement === 101 ? 102 : 101}&recherche=julien%20roux`)).not.toContain(own.idContrat);
  });

  it('answers the last page for a page past the end, never an empty page beside a total', async () => {
    const past = await list('page=50&taille=5');
    expect(past).toMatchObject({ total: 12, page: 3, taille: 5 });
    expect(past.contrats).toHaveLength(2);
    expect(past.contrats).toEqual((await list('page=3&taille=5')).contrats);
    const filtered = await list('statut=SUSPENDU&page=4&taille=5');
    expect(filtered).toMatchObject({ total: 1, page: 1 });
    expect(filtered.contrats).toHaveLength(1);
    // Nothing selected: page 1, empty, total 0.
    expect(await list('recherche=zzzzzz&page=7')).toMatchObject({ total: 0, page: 1, contrats: [] });
  });
});

describe('GET /api/contrats_pagination refusals', () => {
  const invalid = async (query: string) => {
    const response = await t.get(`/api/contrats_pagination/${f.account}?${query}`, f.manager);
    expect(response.statusCode, query).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION');
    return error.issues?.map((issue) => issue.message) ?? [];
  };

  it('refuses an unknown status, a plan that is not a number, too many plans and a long search, in French', async () => {
    expect(await invalid('statut=ACTIVE')).toEqual(['Statut de ligne inconnu : les statuts possibles sont ACTIF, SUSPENDU, RESILIE, EN_COURS.']);
    expect(await invalid('statut=ACTIF,actif')).toEqual(['Statut de ligne inconnu : les statuts possibles sont ACTIF, SUSPENDU, RESILIE, EN_COURS.']);
    expect(await invalid('idOffreEngagement=forfait')).toEqual(['Le forfait doit être désigné par son identifiant numérique.']);
    expect(await invalid('idOffreEngagement=-3')).toEqual(['Le forfait doit être désigné par son identifiant numérique.']);
    const plans = Array.from({ length: 51 }, (_, index) => 101 + index).join(',');
    expect(await invalid(`idOffreEngagement=${plans}`)).toEqual(['Au plus 50 forfaits peuvent être choisis à la fois.']);
    const [tooLong] = await invalid(`recherche=${'a'.repeat(51)}`);
    expect(tooLong).toMatch(/50/);
  });

  it('refuses another customer and a simple line user', async () => {
    for (const token of [f.stranger, f.lineUser]) {
      const response = await t.get(`/api/contrats_pagination/${f.account}?statut=ACTIF&recherche=06`, token);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'FORBIDDEN_ACCOUNT', exceptionMessage: API_ERRORS.FORBIDDEN_ACCOUNT.message });
    }
  });
});
