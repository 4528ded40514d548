import { invoiceComplaintResponseSchema, type InvoiceComplaintInput, type InvoiceComplaintResponse } from '@ecare/shared/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invoicesKey } from './get-invoices.ts';
import { invoiceComplaintPath } from './invoice-paths.ts';

export interface InvoiceComplaintRequest {
  idClientBscs: number;
  referenceNumber: string;
  complaint: InvoiceComplaintInput;
}

/** POST /api/facture/{idClientBscs}/{referenceNumber}/reclamation: answers the complaint's reference. */
export function sendInvoiceComplaint({ idClientBscs, referenceNumber, complaint }: InvoiceComplaintRequest): Promise<InvoiceComplaintResponse> {
  return apiRequest(invoiceComplaintPath(idClientBscs, referenceNumber), { method: 'POST', json: complaint, schema: invoiceComplaintResponseSchema });
}

export function useSendInvoiceComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendInvoiceComplaint,
    // The invoice now shows "Réclamation en cours", in its page and in the list.
    onSuccess: (_, { idClientBscs }) => client.invalidateQueries({ queryKey: invoicesKey(idClientBscs) }),
  });
}
