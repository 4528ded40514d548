import { lineCostAllocationSchema, type LineCostAllocation } from '@ecare/shared/cost-centres';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { COST_CENTRES_KEY } from './get-cost-centres.ts';

/** The centre and the labels of a line, saved together by the line page's form. */
export interface LineAllocationChange {
  idContrat: number;
  idCentre: number | null;
  etiquettes: string[];
}

/** PUT /api/lignes/{idContrat}/centre-de-cout, then PUT /api/lignes/{idContrat}/etiquettes. */
export async function setLineAllocation({ idContrat, idCentre, etiquettes }: LineAllocationChange): Promise<LineCostAllocation> {
  await apiRequest(`/api/lignes/${idContrat}/centre-de-cout`, { method: 'PUT', json: { idCentre }, schema: lineCostAllocationSchema });
  return apiRequest(`/api/lignes/${idContrat}/etiquettes`, { method: 'PUT', json: { etiquettes }, schema: lineCostAllocationSchema });
}

export function useSetLineAllocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLineAllocation,
    // The line page, the fleet list and the tree's counts show it.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['lines'] }), client.invalidateQueries({ queryKey: COST_CENTRES_KEY })]),
  });
}
