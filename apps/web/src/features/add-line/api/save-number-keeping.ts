import { cartSchema, type Cart, type NumberKeepingRequest } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

/** `POST /api/ajout-lignes/conservation-numero`. */
export function saveNumberKeeping(request: NumberKeepingRequest): Promise<Cart> {
  return apiRequest('/api/ajout-lignes/conservation-numero', { method: 'POST', json: request, schema: cartSchema });
}

export const useSaveNumberKeeping = (idClientBscs: number) => useCartWrite(idClientBscs, saveNumberKeeping);
