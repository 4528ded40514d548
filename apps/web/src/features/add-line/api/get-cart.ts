import { cartSchema, type Cart } from '@ecare/shared/add-line';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { cartKey } from './add-line-cache.ts';

/** `GET /api/ajout-lignes/panier/{idClientBscs}`: the account's cart, kept on the server (decision 038). */
export function fetchCart(idClientBscs: number, signal?: AbortSignal): Promise<Cart> {
  return apiRequest(`/api/ajout-lignes/panier/${idClientBscs}`, { schema: cartSchema, signal });
}

export const cartQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: cartKey(idClientBscs),
    queryFn: ({ signal }) => fetchCart(idClientBscs, signal),
  });

export const useCart = (idClientBscs: number) => useQuery(cartQueryOptions(idClientBscs));
