import type { QueryClient } from '@tanstack/react-query';

/**
 * After a payment settled: what is due, the invoice lists and the unpaid-balance answers are read
 * again (the keys of other features are named by their prefix, as the query cache shares them).
 */
export function paymentSettled(client: QueryClient): Promise<unknown> {
  return Promise.all([['payment', 'due'], ['invoices'], ['unpaid']].map((queryKey) => client.invalidateQueries({ queryKey })));
}
