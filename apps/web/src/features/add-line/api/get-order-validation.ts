import { orderValidationSchema, type OrderValidation } from '@ecare/shared/add-line';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { addLineKey } from './add-line-cache.ts';

/** `POST /api/commande/validee`: where an order stands (validated by the server only, never by the page). */
export function fetchOrderValidation(numero: string, signal?: AbortSignal): Promise<OrderValidation> {
  return apiRequest('/api/commande/validee', { method: 'POST', json: { numero }, schema: orderValidationSchema, signal });
}

export const orderValidationQueryOptions = (numero: string) =>
  queryOptions({
    queryKey: [...addLineKey, 'validee', numero],
    queryFn: ({ signal }) => fetchOrderValidation(numero, signal),
    staleTime: 0,
  });
