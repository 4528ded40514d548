import { invoiceCentresSchema, type InvoiceCentres } from '@ecare/shared/invoice-centres';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invoicesKey } from './get-invoices.ts';
import { invoiceCentresPath } from './invoice-paths.ts';

/** GET /api/facture/{idClientBscs}/{referenceNumber}/centres-de-cout: the invoice by cost centre, as issued. */
export function fetchInvoiceCentres(idClientBscs: number, referenceNumber: string, signal?: AbortSignal): Promise<InvoiceCentres> {
  return apiRequest(invoiceCentresPath(idClientBscs, referenceNumber), { schema: invoiceCentresSchema, signal });
}

/** An issued invoice never changes: read once per visit. */
export function useInvoiceCentres(idClientBscs: number, referenceNumber: string) {
  return useQuery({
    queryKey: [...invoicesKey(idClientBscs), 'centres', referenceNumber],
    queryFn: ({ signal }) => fetchInvoiceCentres(idClientBscs, referenceNumber, signal),
    staleTime: 5 * 60_000,
  });
}
