import { paymentLinkSchema, type PaymentLink } from '@ecare/shared/payment';
import { apiRequest } from './api-client.ts';

/**
 * `POST /api/paiement/lien-commande`: the payment provider's page for what an order has due now
 * (decisions 038, 039), read by the server from the stored order; the page then goes there.
 */
export const orderPaymentLink = (numero: string): Promise<PaymentLink> =>
  apiRequest('/api/paiement/lien-commande', { method: 'POST', json: { numero }, schema: paymentLinkSchema });
