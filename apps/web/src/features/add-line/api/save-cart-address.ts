import { cartSchema, type Cart, type CartAddressRequest, type CartAddressType } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

export interface CartAddress {
  type: CartAddressType;
  request: CartAddressRequest;
}

/** `POST /api/commande/adresse/enregistrer/{type}`: one address of the Coordonnées step, kept with the cart on the server. */
export function saveCartAddress({ type, request }: CartAddress): Promise<Cart> {
  return apiRequest(`/api/commande/adresse/enregistrer/${type}`, { method: 'POST', json: request, schema: cartSchema });
}

export const useSaveCartAddress = (idClientBscs: number) => useCartWrite(idClientBscs, saveCartAddress);
