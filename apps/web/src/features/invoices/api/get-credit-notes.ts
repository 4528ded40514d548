import { creditNoteListSchema, type CreditNoteList } from '@ecare/shared/credit-notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invoicesKey } from './get-invoices.ts';
import { creditNotesPath } from './invoice-paths.ts';

/** GET /api/facture/{idClientBscs}/avoirs: the account's credit notes, newest first. */
export function fetchCreditNotes(idClientBscs: number, signal?: AbortSignal): Promise<CreditNoteList> {
  return apiRequest(creditNotesPath(idClientBscs), { schema: creditNoteListSchema, signal });
}

/** Under the invoices' key: what refreshes the invoices (a payment, a complaint) refreshes the credit notes too. */
export const creditNotesQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...invoicesKey(idClientBscs), 'credit-notes'],
    queryFn: ({ signal }) => fetchCreditNotes(idClientBscs, signal),
    staleTime: 30_000,
  });

export function useCreditNotes(idClientBscs: number) {
  return useQuery(creditNotesQueryOptions(idClientBscs));
}
