import type { LineCostAllocation } from '@ecare/shared/cost-centres';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COST_CENTRES_KEY } from './get-cost-centres.ts';
import { putLineCentre } from './set-line-centre.ts';
import { putLineLabels } from './set-line-labels.ts';

/** What the line page's form changed: the centre, the labels, or both (a field left out is not sent). */
export interface LineAllocationChange {
  idContrat: number;
  idCentre?: number | null;
  etiquettes?: string[];
}

/** Each changed part by its own endpoint, the centre first; the line as the last answer gives it, null when nothing changed. */
export async function setLineAllocation({ idContrat, idCentre, etiquettes }: LineAllocationChange): Promise<LineCostAllocation | null> {
  let answer: LineCostAllocation | null = null;
  if (idCentre !== undefined) answer = await putLineCentre(idContrat, idCentre);
  if (etiquettes !== undefined) answer = await putLineLabels(idContrat, etiquettes);
  return answer;
}

export function useSetLineAllocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLineAllocation,
    // The line page, the fleet list and the tree's counts show it; also after a failure, since
    // the centre may have been saved before the labels were refused.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['lines'] }), client.invalidateQueries({ queryKey: COST_CENTRES_KEY })]),
  });
}
