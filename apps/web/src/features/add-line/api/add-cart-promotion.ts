import { cartSchema, type Cart, type PromotionRequest } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

/** `POST /api/ajout-lignes/promotion`. */
export function addCartPromotion(request: PromotionRequest): Promise<Cart> {
  return apiRequest('/api/ajout-lignes/promotion', { method: 'POST', json: request, schema: cartSchema });
}

export const useAddCartPromotion = (idClientBscs: number) => useCartWrite(idClientBscs, addCartPromotion);
