import { invoiceDetailSchema, type InvoiceDetail } from '@ecare/shared/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invoicesKey } from './get-invoices.ts';
import { invoiceDetailPath } from './invoice-paths.ts';

/** GET /api/detail-facture/{idClientBscs}/{referenceNumber}. */
export function fetchInvoiceDetail(idClientBscs: number, referenceNumber: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return apiRequest(invoiceDetailPath(idClientBscs, referenceNumber), { schema: invoiceDetailSchema, signal });
}

export const invoiceDetailQueryOptions = (idClientBscs: number, referenceNumber: string) =>
  queryOptions({
    queryKey: [...invoicesKey(idClientBscs), 'detail', referenceNumber],
    queryFn: ({ signal }) => fetchInvoiceDetail(idClientBscs, referenceNumber, signal),
    staleTime: 30_000,
    // An unknown invoice or a refusal is an answer, not a failure to try again.
    retry: false,
  });

export const useInvoiceDetail = (idClientBscs: number, referenceNumber: string) => useQuery(invoiceDetailQueryOptions(idClientBscs, referenceNumber));
