import { submittedOrderSchema, type SubmittedOrder } from '@ecare/shared/add-line';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderValidationQueryOptions } from './get-order-validation.ts';

/** `POST /api/commande/modifiermodepaiement`: an order waiting for its card payment, paid by transfer instead. */
export function payByTransfer(numero: string): Promise<SubmittedOrder> {
  return apiRequest('/api/commande/modifiermodepaiement', { method: 'POST', json: { numero, ModePaiement: 6 }, schema: submittedOrderSchema });
}

export function usePayByTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payByTransfer,
    onSuccess: (order) => {
      void client.invalidateQueries({ queryKey: orderValidationQueryOptions(order.numero).queryKey });
      void client.invalidateQueries({ queryKey: ['lines'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
