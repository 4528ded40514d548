import type { Cart } from '@ecare/shared/add-line';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every cached read of the add-line flow starts with this key. */
export const addLineKey = ['add-line'] as const;

/** The account's cart, kept on the server (decision 038). */
export const cartKey = (idClientBscs: number) => [...addLineKey, 'panier', idClientBscs] as const;

/** Every change of the cart answers the whole cart: it replaces the one in the cache. */
export function useCartWrite<V>(idClientBscs: number, send: (variables: V) => Promise<Cart>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (cart) => client.setQueryData(cartKey(idClientBscs), cart),
  });
}

