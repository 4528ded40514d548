import { cartSchema, type Cart } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

/** `POST /api/ajout-lignes/supprimer-ligne`. */
export function deleteCartLine(IdLigne: number): Promise<Cart> {
  return apiRequest('/api/ajout-lignes/supprimer-ligne', { method: 'POST', json: { IdLigne }, schema: cartSchema });
}

export const useDeleteCartLine = (idClientBscs: number) => useCartWrite(idClientBscs, deleteCartLine);
