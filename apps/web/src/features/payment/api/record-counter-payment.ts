import { counterPaymentSchema, type CounterPayment, type CounterPaymentRequest } from '@ecare/shared/payment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentSettled } from './payment-cache.ts';

/** POST /api/paiement-bdp/payer: invoices paid in full at the point of sale, recorded by its agent. */
export function recordCounterPayment(request: CounterPaymentRequest): Promise<CounterPayment> {
  return apiRequest('/api/paiement-bdp/payer', { method: 'POST', json: request, schema: counterPaymentSchema });
}

export function useRecordCounterPayment() {
  const client = useQueryClient();
  return useMutation({ mutationFn: recordCounterPayment, onSuccess: () => paymentSettled(client) });
}
