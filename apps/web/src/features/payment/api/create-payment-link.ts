import { paymentLinkSchema, type PaymentLink, type PaymentLinkRequest } from '@ecare/shared/payment';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/paiement/lien: the payment of the chosen invoices is started; the answer is the
 * provider's page to send the browser to. The amount is the server's to compute.
 */
export function createPaymentLink(request: PaymentLinkRequest): Promise<PaymentLink> {
  return apiRequest('/api/paiement/lien', { method: 'POST', json: request, schema: paymentLinkSchema });
}

export function useCreatePaymentLink() {
  return useMutation({ mutationFn: createPaymentLink });
}
