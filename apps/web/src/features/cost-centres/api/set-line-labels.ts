import { lineCostAllocationSchema, type LineCostAllocation } from '@ecare/shared/cost-centres';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/lignes/{idContrat}/etiquettes: the line's labels, all of them. */
export function putLineLabels(idContrat: number, etiquettes: readonly string[]): Promise<LineCostAllocation> {
  return apiRequest(`/api/lignes/${idContrat}/etiquettes`, { method: 'PUT', json: { etiquettes }, schema: lineCostAllocationSchema });
}
