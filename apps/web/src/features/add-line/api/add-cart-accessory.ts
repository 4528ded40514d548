import { cartSchema, type Cart, type AccessoryRequest } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

/** `POST /api/ajout-lignes/accessoire`. */
export function addCartAccessory(request: AccessoryRequest): Promise<Cart> {
  return apiRequest('/api/ajout-lignes/accessoire', { method: 'POST', json: request, schema: cartSchema });
}

export const useAddCartAccessory = (idClientBscs: number) => useCartWrite(idClientBscs, addCartAccessory);
