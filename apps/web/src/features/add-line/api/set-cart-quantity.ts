import { cartSchema, type Cart } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

export interface CartQuantity {
  idLigne: number;
  quantite: number;
}

/** `GET /api/ajout-lignes/maj-quantite?idLigne&quantite`: how many of a line the cart holds. */
export function setCartQuantity({ idLigne, quantite }: CartQuantity): Promise<Cart> {
  return apiRequest(`/api/ajout-lignes/maj-quantite?idLigne=${idLigne}&quantite=${quantite}`, { schema: cartSchema });
}

export const useSetCartQuantity = (idClientBscs: number) => useCartWrite(idClientBscs, setCartQuantity);
