import { COST_CENTRE_DEPTH_MAX, type CostCentreEntry } from '@ecare/shared/cost-centres';

/**
 * The centres `idCentre` (null: a new centre) may be put under, as the server's rule allows them:
 * not itself nor one of its sub-centres, and no deeper than three levels with its own sub-centres.
 */
export function parentChoices(centres: readonly CostCentreEntry[], idCentre: number | null): CostCentreEntry[] {
  const byId = new Map(centres.map((centre) => [centre.idCentre, centre]));
  const within = (candidate: CostCentreEntry, ancestor: number) => {
    for (let current: CostCentreEntry | undefined = candidate; current; current = current.idParent === null ? undefined : byId.get(current.idParent)) {
      if (current.idCentre === ancestor) return true;
    }
    return false;
  };
  const height = (id: number): number => 1 + Math.max(0, ...centres.filter((centre) => centre.idParent === id).map((child) => height(child.idCentre)));
  const own = idCentre === null ? 1 : height(idCentre);
  return centres.filter((candidate) => (idCentre === null || !within(candidate, idCentre)) && candidate.niveau + own <= COST_CENTRE_DEPTH_MAX);
}
