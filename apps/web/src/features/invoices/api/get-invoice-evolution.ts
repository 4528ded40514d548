import { invoiceEvolutionSchema, type InvoiceEvolution } from '@ecare/shared/invoices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invoicesKey } from './get-invoices.ts';
import { invoiceEvolutionPath } from './invoice-paths.ts';

/** GET /api/detail-facture/{idClientBscs}/{referenceNumber}/evolution: "Pourquoi ma facture a changé ?". */
export function fetchInvoiceEvolution(idClientBscs: number, referenceNumber: string, signal?: AbortSignal): Promise<InvoiceEvolution> {
  return apiRequest(invoiceEvolutionPath(idClientBscs, referenceNumber), { schema: invoiceEvolutionSchema, signal });
}

/** Read once asked for (`enabled`): the comparison is worked out on the server for each request. */
export function useInvoiceEvolution(idClientBscs: number, referenceNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: [...invoicesKey(idClientBscs), 'evolution', referenceNumber],
    queryFn: ({ signal }) => fetchInvoiceEvolution(idClientBscs, referenceNumber, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
