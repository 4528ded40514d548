import { invoicePageSchema, type InvoicePage } from '@ecare/shared/invoices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { FIRST_INVOICE_PAGE, type InvoiceListParams } from '../utils/invoice-list-params.ts';
import { invoiceListPath } from './invoice-paths.ts';

/** GET /api/facture/{idClientBscs}: a page of the account's invoices and what is left to pay. */
export function fetchInvoices(idClientBscs: number, params: InvoiceListParams, signal?: AbortSignal): Promise<InvoicePage> {
  return apiRequest(invoiceListPath(idClientBscs, params), { schema: invoicePageSchema, signal });
}

/** Every cached read of an account's invoices (list, detail, comparison) starts with this key. */
export const invoicesKey = (idClientBscs: number) => ['invoices', idClientBscs] as const;

export const invoicesQueryOptions = (idClientBscs: number, params: InvoiceListParams = FIRST_INVOICE_PAGE) =>
  queryOptions({
    queryKey: [...invoicesKey(idClientBscs), 'list', params],
    queryFn: ({ signal }) => fetchInvoices(idClientBscs, params, signal),
    staleTime: 30_000,
  });

export function useInvoices(idClientBscs: number, params: InvoiceListParams) {
  // Keeps the table in place while another page or year loads.
  return useQuery({ ...invoicesQueryOptions(idClientBscs, params), placeholderData: keepPreviousData });
}
