import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuSchema } from '@ecare/shared';
import { REFERENCE_MENU as DEMO_MENU } from '../../db/reference/menu.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildMenu } from './menu.service.ts';
import type { MenuRow } from './menu.repository.ts';

const rows: MenuRow[] = DEMO_MENU.map((row) => ({
  url: null,
  urlImage: null,
  cheminImage: null,
  requiresAccount: false,
  accountStatuses: null,
  idGamme: null,
  parentId: null,
  ...row,
}));
const none = { statut_cpt_fact: 'aucun', statut_ligne_mobile: 'aucun', id_gamme_ligne: 'aucun', statut_ligne_adsl: 'aucun' };
const active = { ...none, statut_cpt_fact: 'ACTIF', statut_ligne_mobile: 'ACTIF', id_gamme_ligne: '1' };

describe('buildMenu', () => {
  it('sorts every level by ordre whatever the row order', () => {
    const menu = buildMenu([...rows].reverse(), active);
    expect(menu.length).toBeGreaterThan(1);
    expect(menu.some((item) => item.sousRubriques.length > 1)).toBe(true);
    expect(menu.map((item) => item.ordre)).toEqual([...menu.map((item) => item.ordre)].sort((a, b) => a - b));
    for (const item of menu) {
      const subOrder = item.sousRubriques.map((s) => s.ordre);
      expect(subOrder).toEqual([...subOrder].sort((a, b) => a - b));
    }
  });

  it('hides account-only entries before an account is chosen', () => {
    const names = buildMenu(rows, none).map((item) => item.nom);
    expect(names).not.toContain('Mes lignes');
    expect(names).toContain('Assistance');
  });

  it('hides entries restricted to other account statuses', () => {
    const modules = (params: typeof none) =>
      buildMenu(rows, params).flatMap((item) => item.sousRubriques.flatMap((s) => s.modules.map((m) => m.nom)));
    expect(modules(active)).toContain('Ajouter une ligne');
    const suspended = modules({ ...active, statut_cpt_fact: 'SUSPENDU' });
    expect(suspended.length).toBeGreaterThan(0);
    expect(suspended).not.toContain('Ajouter une ligne');
  });
});

describe('GET /api/menu', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    expect((await t.get('/api/menu/aucun/aucun/aucun/aucun')).statusCode).toBe(401);
  });

  it('returns the menu tree for the given statuses', async () => {
    const token = await t.loginAs('gestionnaire');
    const response = await t.get('/api/menu/ACTIF/ACTIF/1/aucun', token);
    expect(response.statusCode).toBe(200);
    const menu = menuSchema.parse(response.json());
    expect(menu.find((item) => item.id === 5)?.sousRubriques.length).toBeGreaterThan(0);
  });
});
