import { paymentTransactionSchema, type PaymentTransaction } from '@ecare/shared/payment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** While the bank has not answered, the transaction is read again every this many milliseconds… */
export const PAYMENT_POLL_INTERVAL_MS = 2_000;
/** …this many times at most (about a minute); then the page offers to look again. */
export const PAYMENT_POLL_MAX_READS = 30;

/** GET /api/paiement/transaction/{transactionReference}. */
export function fetchPaymentTransaction(transactionReference: string, signal?: AbortSignal): Promise<PaymentTransaction> {
  return apiRequest(`/api/paiement/transaction/${encodeURIComponent(transactionReference)}`, { schema: paymentTransactionSchema, signal });
}

export const paymentTransactionQueryOptions = (transactionReference: string) =>
  queryOptions({
    queryKey: ['payment', 'transaction', transactionReference],
    queryFn: ({ signal }) => fetchPaymentTransaction(transactionReference, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.statut === 'EN_ATTENTE' && query.state.dataUpdateCount < PAYMENT_POLL_MAX_READS ? PAYMENT_POLL_INTERVAL_MS : false,
    // The bank's answer is awaited even when the tab is in the background.
    refetchIntervalInBackground: true,
  });

export function usePaymentTransaction(transactionReference: string) {
  return useQuery(paymentTransactionQueryOptions(transactionReference));
}
