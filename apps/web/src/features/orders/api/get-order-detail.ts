import { orderDetailSchema, type OrderDetail } from '@ecare/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ordersKey } from './orders-cache.ts';
import { orderDetailPath } from './paths.ts';

/** GET /api/commandes/{idClientBscs}/{numero}: one order with its timeline and its pieces. */
export function fetchOrderDetail(idClientBscs: number, numero: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiRequest(orderDetailPath(idClientBscs, numero), { schema: orderDetailSchema, signal });
}

export const orderDetailQueryOptions = (idClientBscs: number, numero: string) =>
  queryOptions({
    queryKey: [...ordersKey(idClientBscs), 'detail', numero],
    queryFn: ({ signal }) => fetchOrderDetail(idClientBscs, numero, signal),
    staleTime: 10_000,
  });

export const useOrderDetail = (idClientBscs: number, numero: string) => useQuery(orderDetailQueryOptions(idClientBscs, numero));
