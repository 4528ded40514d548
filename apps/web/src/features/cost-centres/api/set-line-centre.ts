import { lineCostAllocationSchema, type LineCostAllocation } from '@ecare/shared/cost-centres';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/lignes/{idContrat}/centre-de-cout: the line's cost centre, or none. */
export function putLineCentre(idContrat: number, idCentre: number | null): Promise<LineCostAllocation> {
  return apiRequest(`/api/lignes/${idContrat}/centre-de-cout`, { method: 'PUT', json: { idCentre }, schema: lineCostAllocationSchema });
}
