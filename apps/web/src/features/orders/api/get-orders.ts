import { orderPageSchema, type OrderPage } from '@ecare/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ordersKey } from './orders-cache.ts';
import { FIRST_ORDER_PAGE, orderListPath, type OrderListParams } from './paths.ts';

/** GET /api/commandes/{idClientBscs}?tri&ordre&page[&statut][&type][&numero]&taille: one page of the account's orders. */
export function fetchOrders(idClientBscs: number, params: OrderListParams, signal?: AbortSignal): Promise<OrderPage> {
  return apiRequest(orderListPath(idClientBscs, params), { schema: orderPageSchema, signal });
}

export const ordersQueryOptions = (idClientBscs: number, params: OrderListParams = FIRST_ORDER_PAGE) =>
  queryOptions({
    queryKey: [...ordersKey(idClientBscs), 'list', params],
    queryFn: ({ signal }) => fetchOrders(idClientBscs, params, signal),
    staleTime: 30_000,
  });

export const useOrders = (idClientBscs: number, params: OrderListParams) => useQuery({ ...ordersQueryOptions(idClientBscs, params), placeholderData: keepPreviousData });
