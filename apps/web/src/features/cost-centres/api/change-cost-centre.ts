import { costCentreSchema, type CostCentre, type CostCentreInput } from '@ecare/shared/cost-centres';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { COST_CENTRES_KEY, costCentresPath } from './get-cost-centres.ts';

/** A change of the tree: the account's centres, and the fleet list that shows them, are read again. */
async function treeChanged(client: QueryClient) {
  await Promise.all([client.invalidateQueries({ queryKey: COST_CENTRES_KEY }), client.invalidateQueries({ queryKey: ['lines'] })]);
}

export type CostCentreChange =
  | { kind: 'creer'; idClientBscs: number; centre: CostCentreInput }
  | { kind: 'modifier'; idClientBscs: number; idCentre: number; centre: CostCentreInput }
  | { kind: 'supprimer'; idClientBscs: number; idCentre: number; deplacerVers?: number | 'aucun' };

const deletedSchema = z.object({ idCentre: z.number(), lignesDeplacees: z.number() });

/** POST, PUT or DELETE /api/clients/{idClientBscs}/centres-de-cout[/{idCentre}][?deplacerVers=]. */
export function changeCostCentre(change: CostCentreChange): Promise<CostCentre | z.infer<typeof deletedSchema>> {
  const base = costCentresPath(change.idClientBscs);
  if (change.kind === 'creer') return apiRequest(base, { method: 'POST', json: change.centre, schema: costCentreSchema });
  if (change.kind === 'modifier') return apiRequest(`${base}/${change.idCentre}`, { method: 'PUT', json: change.centre, schema: costCentreSchema });
  const query = change.deplacerVers === undefined ? '' : `?deplacerVers=${change.deplacerVers}`;
  return apiRequest(`${base}/${change.idCentre}${query}`, { method: 'DELETE', schema: deletedSchema });
}

export function useChangeCostCentre() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeCostCentre, onSuccess: () => treeChanged(client) });
}
