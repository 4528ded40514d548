import { COST_CENTRE_DEPTH_MAX, type CostCentreEntry } from '@ecare/shared';
import type { CentreRow } from './cost-centres.repository.ts';

/** What a tree of centres says of a place in it (pure: the rows are the account's whole tree). */
export function treeOf(rows: readonly CentreRow[]) {
  const byId = new Map(rows.map((row) => [row.idCentre, row]));
  const children = new Map<number | null, CentreRow[]>();
  for (const row of rows) children.set(row.idParent, [...(children.get(row.idParent) ?? []), row]);

  /** Level of a centre: 1 at the top. */
  function level(idCentre: number): number {
    let depth = 0;
    for (let current = byId.get(idCentre); current && depth <= rows.length; current = current.idParent === null ? undefined : byId.get(current.idParent)) depth += 1;
    return depth;
  }
  /** Levels a centre's subtree spans: 1 for a centre without sub-centres. */
  function height(idCentre: number): number {
    const below = children.get(idCentre) ?? [];
    return 1 + Math.max(0, ...below.map((child) => height(child.idCentre)));
  }
  /** Whether `candidate` is `idCentre` or one of its sub-centres, at any level. */
  function within(candidate: number, idCentre: number): boolean {
    for (let current = byId.get(candidate); current; current = current.idParent === null ? undefined : byId.get(current.idParent)) {
      if (current.idCentre === idCentre) return true;
    }
    return false;
  }
  /** The centre and all its sub-centres. */
  function subtree(idCentre: number): number[] {
    return [idCentre, ...(children.get(idCentre) ?? []).flatMap((child) => subtree(child.idCentre))];
  }
  /**
   * Why `idCentre` (null: a new centre) may not go under `idParent`: a cycle, or more than
   * COST_CENTRE_DEPTH_MAX levels; null when it may.
   */
  function placementProblem(idCentre: number | null, idParent: number | null): 'COST_CENTRE_CYCLE' | 'COST_CENTRE_TOO_DEEP' | null {
    if (idParent === null) return idCentre === null || height(idCentre) <= COST_CENTRE_DEPTH_MAX ? null : 'COST_CENTRE_TOO_DEEP';
    if (idCentre !== null && within(idParent, idCentre)) return 'COST_CENTRE_CYCLE';
    return level(idParent) + (idCentre === null ? 1 : height(idCentre)) > COST_CENTRE_DEPTH_MAX ? 'COST_CENTRE_TOO_DEEP' : null;
  }
  /** The tree in reading order: each centre followed by its sub-centres, siblings by code. */
  function ordered(counts: Map<number | null, number>): CostCentreEntry[] {
    const entries: CostCentreEntry[] = [];
    const visit = (idParent: number | null, niveau: number) => {
      for (const row of [...(children.get(idParent) ?? [])].sort((a, b) => a.code.localeCompare(b.code, 'fr'))) {
        const nombreLignesTotal = subtree(row.idCentre).reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
        entries.push({ ...row, niveau, nombreLignes: counts.get(row.idCentre) ?? 0, nombreLignesTotal, nombreSousCentres: children.get(row.idCentre)?.length ?? 0 });
        visit(row.idCentre, niveau + 1);
      }
    };
    visit(null, 1);
    return entries;
  }
  return { byId, level, height, within, subtree, placementProblem, ordered };
}
