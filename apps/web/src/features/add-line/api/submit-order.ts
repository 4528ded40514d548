import { submittedOrderSchema, type SubmitOrderRequest, type SubmittedOrder } from '@ecare/shared/add-line';
import { IDEMPOTENCY_KEY_HEADER } from '@ecare/shared/termination';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { cartKey } from './add-line-cache.ts';

export interface OrderSubmission {
  request: SubmitOrderRequest;
  idempotencyKey: string;
}

/**
 * `POST /api/commande/enregistrer` with the attempt's `Idempotency-Key`: the same key sent twice
 * (a double click, a retry after a lost answer) gives back the same order.
 */
export function submitOrder({ request, idempotencyKey }: OrderSubmission): Promise<SubmittedOrder> {
  return apiRequest('/api/commande/enregistrer', {
    method: 'POST',
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: submittedOrderSchema,
  });
}

export function useSubmitOrder(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cartKey(idClientBscs) });
      void client.invalidateQueries({ queryKey: ['lines'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
