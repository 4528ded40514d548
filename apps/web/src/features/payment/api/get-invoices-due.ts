import { invoicesDueSchema, type InvoicesDue } from '@ecare/shared/payment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/factures_a_payer/{idClientBscs}: the account's invoices still to pay. */
export function fetchInvoicesDue(idClientBscs: number, signal?: AbortSignal): Promise<InvoicesDue> {
  return apiRequest(`/api/factures_a_payer/${idClientBscs}`, { schema: invoicesDueSchema, signal });
}

export const invoicesDueQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: ['payment', 'due', idClientBscs],
    queryFn: ({ signal }) => fetchInvoicesDue(idClientBscs, signal),
    // What is due changes with every payment: always read again when the page opens.
    staleTime: 0,
  });

export function useInvoicesDue(idClientBscs: number) {
  return useQuery(invoicesDueQueryOptions(idClientBscs));
}
