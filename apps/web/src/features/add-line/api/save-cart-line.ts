import { cartSchema, type Cart, type SaveLineRequest } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

/** `POST /api/ajout-lignes/enregistrer-ligne`: a line of the cart, new or changed. */
export function saveCartLine(request: SaveLineRequest): Promise<Cart> {
  return apiRequest('/api/ajout-lignes/enregistrer-ligne', { method: 'POST', json: request, schema: cartSchema });
}

export const useSaveCartLine = (idClientBscs: number) => useCartWrite(idClientBscs, saveCartLine);
