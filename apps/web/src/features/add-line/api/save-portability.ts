import { cartSchema, type Cart, type PortabilityRequest } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

/** `POST /api/ajout-lignes/portabilite`: the line keeps a number from another operator (RIO). */
export function savePortability(request: PortabilityRequest): Promise<Cart> {
  return apiRequest('/api/ajout-lignes/portabilite', { method: 'POST', json: request, schema: cartSchema });
}

export const useSavePortability = (idClientBscs: number) => useCartWrite(idClientBscs, savePortability);
