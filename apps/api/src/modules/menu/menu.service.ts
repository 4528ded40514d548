import { MENU_NONE, type MenuItem, type MenuParams } from '@ecare/shared';
import type { MenuRepository, MenuRow } from './menu.repository.ts';

/** Whether a menu row applies to the caller's current account status and line range. */
function visible(row: MenuRow, params: MenuParams): boolean {
  const status = params.statut_cpt_fact === MENU_NONE ? null : params.statut_cpt_fact.toUpperCase();
  if (row.requiresAccount && status === null) return false;
  if (row.accountStatuses && (status === null || !row.accountStatuses.includes(status))) return false;
  if (row.idGamme !== null && String(row.idGamme) !== params.id_gamme_ligne) return false;
  return true;
}

/** Builds the rubrique > sous-rubrique > module tree the header menu shows, each level sorted by ordre. */
export function buildMenu(rows: readonly MenuRow[], params: MenuParams): MenuItem[] {
  const shown = rows.filter((row) => visible(row, params));
  const childrenOf = (parentId: number | null, kind: MenuRow['kind']) =>
    shown.filter((row) => row.parentId === parentId && row.kind === kind).sort((a, b) => a.ordre - b.ordre);
  return childrenOf(null, 'rubrique').map((item) => ({
    id: item.id,
    nom: item.nom,
    url: item.url,
    ordre: item.ordre,
    urlImage: item.urlImage,
    cheminImage: item.cheminImage,
    sousRubriques: childrenOf(item.id, 'sousRubrique').map((sub) => ({
      id: sub.id,
      nom: sub.nom,
      url: sub.url,
      ordre: sub.ordre,
      urlImage: sub.urlImage,
      cheminImage: sub.cheminImage,
      modules: childrenOf(sub.id, 'module').map(({ nom, url, ordre }) => ({ nom, url, ordre })),
    })),
  }));
}

export function createMenuService(repo: MenuRepository) {
  return {
    async menu(params: MenuParams): Promise<MenuItem[]> {
      return buildMenu(await repo.all(), params);
    },
  };
}
export type MenuService = ReturnType<typeof createMenuService>;
