import { cartSchema, type Cart } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

/** `POST /api/ajout-lignes/promotion/supprimer`. */
export function removeCartPromotion(request: { IdLigne: number; IdPromotion: number }): Promise<Cart> {
  return apiRequest('/api/ajout-lignes/promotion/supprimer', { method: 'POST', json: request, schema: cartSchema });
}

export const useRemoveCartPromotion = (idClientBscs: number) => useCartWrite(idClientBscs, removeCartPromotion);
