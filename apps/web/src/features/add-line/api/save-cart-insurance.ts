import { cartSchema, type Cart, type InsuranceRequest } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

/** `POST /api/commande/assurance`: the phone's insurance. */
export function saveCartInsurance(request: InsuranceRequest): Promise<Cart> {
  return apiRequest('/api/commande/assurance', { method: 'POST', json: request, schema: cartSchema });
}

export const useSaveCartInsurance = (idClientBscs: number) => useCartWrite(idClientBscs, saveCartInsurance);
