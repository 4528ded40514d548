import { cartSchema, type Cart } from '@ecare/shared/add-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCartWrite } from './add-line-cache.ts';

/** `POST /api/ajout-lignes/nouveau-numero`: the line takes a new number. */
export function chooseNewNumber(IdLigne: number): Promise<Cart> {
  return apiRequest('/api/ajout-lignes/nouveau-numero', { method: 'POST', json: { IdLigne }, schema: cartSchema });
}

export const useChooseNewNumber = (idClientBscs: number) => useCartWrite(idClientBscs, chooseNewNumber);
